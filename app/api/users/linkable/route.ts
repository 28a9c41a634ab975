import { listLinkableUsers } from '@/lib/domain/users/queries';
import { linkableUsersQuerySchema } from '@/lib/domain/users/schemas';
import { route } from '@/lib/http/route';

/** GET /users/linkable?search=&page=&pageLimit=&sort=&direction=: the supplier users the actor may link vendors to. */
export const GET = route({ allow: 'users.manage', query: linkableUsersQuerySchema }, ({ actor, query }) => listLinkableUsers(actor, query));

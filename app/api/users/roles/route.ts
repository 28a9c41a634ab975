import { listRoles } from '@/lib/domain/users/queries';
import { route } from '@/lib/http/route';

/** GET /users/roles: the roles the actor may give. */
export const GET = route({ allow: 'users.read' }, ({ actor }) => listRoles(actor));

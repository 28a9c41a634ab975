import { restoreUser } from '@/lib/domain/users/restore-user';
import { userIdParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** POST /users/restore/{id}: restores an inactive user ('{user} has been restored'). */
export const POST = route({ allow: 'users.manage', params: userIdParams }, ({ req, actor, params }) =>
  restoreUser(actor, params.id, { ip: clientIp(req) }),
);

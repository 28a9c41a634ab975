import { sendInvitation } from '@/lib/domain/users/send-invitation';
import { userIdParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** POST /users/{id}/send-invitation: a new invitation link, while the user has never signed in. */
export const POST = route({ allow: 'users.manage', params: userIdParams }, ({ req, actor, params }) =>
  sendInvitation(actor, params.id, { ip: clientIp(req) }),
);

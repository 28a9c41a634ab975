import { inviteUser } from '@/lib/domain/users/invite-user';
import { listUsers } from '@/lib/domain/users/queries';
import { userFilterSchema, userFormSchema } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** GET /users?active=&search=&vendorCode=&role_id=&page=: the users the actor administers (Laravel-style page). */
export const GET = route({ allow: 'users.read', query: userFilterSchema }, ({ actor, query }) => listUsers(actor, query));

/** POST /users: invites a user ('{user} has been invited'); the e-mail goes through the outbox. */
export const POST = route({ allow: 'users.manage', body: userFormSchema }, async ({ req, actor, body }) => {
  const result = await inviteUser(actor, body, { ip: clientIp(req) });
  return Response.json(result, { status: 201 });
});

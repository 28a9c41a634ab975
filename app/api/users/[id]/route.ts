import { z } from 'zod';
import { deactivateUser } from '@/lib/domain/users/deactivate-user';
import { updateOwnName, updateOwnNameSchema } from '@/lib/domain/users/update-own-name';
import { updateUser } from '@/lib/domain/users/update-user';
import { userFormSchema, userIdParams } from '@/lib/domain/users/schemas';
import { can } from '@/lib/auth/permissions';
import { clientIp } from '@/lib/http/client-ip';
import { ApiError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

const isUserForm = (body: Record<string, unknown>) => 'email' in body || 'role_id' in body || 'deleted_at' in body;

/**
 * PUT /users/{id}: with {id, name} the own-name update from the navbar (any user); with the user form
 * (e-mail, role, subsidiaries) an administrator's edit, or a reactivation with `deleted_at: null`.
 */
export const PUT = route({ params: userIdParams, body: z.record(z.string(), z.unknown()) }, async ({ req, actor, params, body }) => {
  if (!isUserForm(body)) {
    if (!can(actor, 'profile.rename')) throw new ApiError(403, 'You do not have permission to do this.');
    return updateOwnName(actor, params.id, updateOwnNameSchema.parse(body));
  }
  if (!can(actor, 'users.manage')) throw new ApiError(403, 'You do not have permission to do this.');
  return updateUser(actor, params.id, userFormSchema.parse(body), { ip: clientIp(req) });
});

/** DELETE /users/{id}: makes the user inactive ('{user} has been made inactive'); its sessions end. */
export const DELETE = route({ allow: 'users.manage', params: userIdParams }, ({ req, actor, params }) =>
  deactivateUser(actor, params.id, { ip: clientIp(req) }),
);

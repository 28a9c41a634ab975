import { z } from 'zod';
import { updateOwnName, updateOwnNameSchema } from '@/lib/domain/users/update-own-name';
import { route } from '@/lib/http/route';

const params = z.object({
  id: z.coerce.number({ message: 'The user id must be a number.' }).int().positive('The user id must be a number.'),
});

/** PUT /users/{id} with {id, name}: the own-name update from the navbar. */
export const PUT = route({ allow: 'profile.rename', params, body: updateOwnNameSchema }, ({ actor, params, body }) =>
  updateOwnName(actor, params.id, body),
);

import { getCurrentUser } from '@/lib/domain/users/current-user';
import { route } from '@/lib/http/route';

/** GET /users/current: the signed-in user, stored whole by the screens. */
export const GET = route({}, ({ actor }) => getCurrentUser(actor));

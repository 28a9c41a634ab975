import { acceptDeclaration } from '@/lib/domain/users/accept-declaration';
import { userIdParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** POST /declaration/status/{id} (empty body): the signed-in user accepts the current declaration. */
export const POST = route({ params: userIdParams }, ({ req, actor, params }) => acceptDeclaration(actor, params.id, { ip: clientIp(req) }));

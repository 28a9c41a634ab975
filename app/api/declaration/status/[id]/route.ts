import { acceptDeclaration } from '@/lib/domain/users/accept-declaration';
import { userIdParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { json } from '@/lib/http/errors';
import { withFlash } from '@/lib/http/flash';
import { route } from '@/lib/http/route';

/**
 * POST /declaration/status/{id} (empty body): the signed-in user accepts the current declaration; the
 * screen the browser goes to next says so in its snackbar (a flash message, spec §2 Other).
 */
export const POST = route({ params: userIdParams }, async ({ req, actor, params }) => {
  const accepted = await acceptDeclaration(actor, params.id, { ip: clientIp(req) });
  return withFlash(json(accepted), accepted.message);
});

import { linkVendors } from '@/lib/domain/users/link-vendors';
import { linkAccessSchema, linkParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/**
 * POST /users/{id}/vendors/{vendorId}/link {write?}: links one vendor, or a comma-joined list of them,
 * all or none; read only unless `write` is true (which needs write on each vendor by the admin itself).
 */
export const POST = route({ allow: 'users.manage', params: linkParams, body: linkAccessSchema }, ({ req, actor, params, body }) =>
  linkVendors(actor, params.id, params.vendorId, body, { ip: clientIp(req) }),
);

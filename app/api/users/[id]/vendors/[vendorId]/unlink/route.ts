import { unlinkVendors } from '@/lib/domain/users/unlink-vendors';
import { linkParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** DELETE /users/{id}/vendors/{vendorId}/unlink: unlinks one vendor, or a comma-joined list of them, all or none. */
export const DELETE = route({ allow: 'users.manage', params: linkParams }, ({ req, actor, params }) =>
  unlinkVendors(actor, params.id, params.vendorId, { ip: clientIp(req) }),
);

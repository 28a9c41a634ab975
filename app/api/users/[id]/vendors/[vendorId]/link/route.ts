import { linkVendors } from '@/lib/domain/users/link-vendors';
import { linkParams } from '@/lib/domain/users/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** POST /users/{id}/vendors/{vendorId}/link: links one vendor, or a comma-joined list of them, all or none. */
export const POST = route({ allow: 'users.manage', params: linkParams }, ({ req, actor, params }) =>
  linkVendors(actor, params.id, params.vendorId, { ip: clientIp(req) }),
);

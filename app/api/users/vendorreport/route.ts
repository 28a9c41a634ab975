import { requestVendorReport } from '@/lib/domain/vendors/vendor-report';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** GET /users/vendorreport: the worker e-mails the report ('Vendor Report should be sent to your email within 5 minutes'). */
export const GET = route({ allow: 'users.reports' }, ({ req, actor }) => requestVendorReport(actor, { ip: clientIp(req) }));

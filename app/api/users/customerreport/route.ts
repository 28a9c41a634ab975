import { customerReport, CUSTOMER_REPORT_FILE } from '@/lib/domain/users/customer-report';
import { xlsxResponse } from '@/lib/exports/xlsx';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** GET /users/customerreport: customer_report.xlsx, streamed. */
export const GET = route({ allow: 'users.reports' }, async ({ req, actor }) =>
  xlsxResponse(await customerReport(actor, { ip: clientIp(req) }), CUSTOMER_REPORT_FILE),
);

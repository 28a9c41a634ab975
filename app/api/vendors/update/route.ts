import { submitVendorUpdate } from '@/lib/domain/vendors/submit-vendor-update';
import { BBBEE_FILE_RULE, vendorUpdateFormSchema } from '@/lib/domain/vendors/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** POST /vendors/update, multipart: `vendor` (JSON text) and an optional `bbbee_file`; the change waits for approval. */
export const POST = route(
  { allow: 'vendors.manage', body: vendorUpdateFormSchema, multipart: { files: { bbbee_file: BBBEE_FILE_RULE } } },
  ({ req, actor, body, files }) => submitVendorUpdate(actor, body, files.bbbee_file, { ip: clientIp(req) }),
);

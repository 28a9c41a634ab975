import { invoicesOfOrder } from '@/lib/domain/invoicing/queries';
import { ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, orderLookupSchema, submitInvoiceSchema } from '@/lib/domain/invoicing/schemas';
import { submitInvoice } from '@/lib/domain/invoicing/submit-invoice';
import { created, idempotencyKeyOf } from '@/lib/http/idempotency';
import { route } from '@/lib/http/route';

/** GET /invoices?orderno=&tinymce=: invoicedLines, linkedInvoices, xdocs (delivery notes), deliveredLines of the order. */
export const GET = route({ allow: 'documents.read', query: orderLookupSchema }, ({ actor, query }) =>
  invoicesOfOrder(actor.scope, query.tinymce, query.orderno),
);

/** POST /invoices: multipart (file, the order fields, det as a JSON string) → 201 with the invoice or credit note. */
export const POST = route(
  {
    allow: 'invoices.submit',
    body: submitInvoiceSchema,
    multipart: { files: { file: { kinds: ATTACHMENT_KINDS, maxBytes: ATTACHMENT_MAX_BYTES } } },
  },
  async ({ req, actor, body, files }) => {
    const { document, replayed } = await submitInvoice(actor, body, { file: files.file, idempotencyKey: idempotencyKeyOf(req) });
    return created(document, replayed);
  },
);

import { UBL_MAX_BYTES, uploadUblSchema } from '@/lib/domain/invoicing/ubl-upload-schema';
import { uploadUbl } from '@/lib/domain/invoicing/upload-ubl';
import { created, idempotencyKeyOf } from '@/lib/http/idempotency';
import { route } from '@/lib/http/route';

/**
 * POST /invoices/ubl: multipart (tinyMce, file = a UBL 2.1 Invoice or CreditNote; preview, toFollow,
 * deliveryAddressCode) → 200 with the preview, or 201 with the invoice or credit note as POST /invoices answers.
 */
export const POST = route(
  {
    allow: 'invoices.submit',
    body: uploadUblSchema,
    multipart: {
      files: { file: { kinds: ['xml'], maxBytes: UBL_MAX_BYTES, requiredMessage: 'Choose the UBL XML file to upload.' } },
      maxBytes: UBL_MAX_BYTES + 64 * 1024,
    },
  },
  async ({ req, actor, body, files }) => {
    const result = await uploadUbl(actor, body, files.file!.bytes, { idempotencyKey: idempotencyKeyOf(req) });
    return 'preview' in result ? result.preview : created(result.document, result.replayed);
  },
);

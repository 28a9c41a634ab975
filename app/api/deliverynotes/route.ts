import { deliveryNoteLines } from '@/lib/domain/invoicing/queries';
import { ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, submitDeliveryNoteSchema, tinyMceLookupSchema } from '@/lib/domain/invoicing/schemas';
import { submitDeliveryNote } from '@/lib/domain/invoicing/submit-delivery-note';
import { created, idempotencyKeyOf } from '@/lib/http/idempotency';
import { route } from '@/lib/http/route';

/** GET /deliverynotes?tinymce=: the lines of one delivery note (deliveredLines). */
export const GET = route({ allow: 'documents.read', query: tinyMceLookupSchema }, ({ actor, query }) =>
  deliveryNoteLines(actor.scope, query.tinymce),
);

/** POST /deliverynotes: multipart (file, the order fields, det as a JSON string) → 201 with the delivery note. */
export const POST = route(
  {
    allow: 'deliverynotes.submit',
    body: submitDeliveryNoteSchema,
    multipart: { files: { file: { kinds: ATTACHMENT_KINDS, maxBytes: ATTACHMENT_MAX_BYTES } } },
  },
  async ({ req, actor, body, files }) => {
    const { document, replayed } = await submitDeliveryNote(actor, body, { file: files.file, idempotencyKey: idempotencyKeyOf(req) });
    return created(document, replayed);
  },
);

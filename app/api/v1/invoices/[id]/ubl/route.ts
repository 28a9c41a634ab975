import { invoiceUbl } from '@/lib/domain/invoicing/invoice-ubl';
import { documentKeyParams } from '@/lib/domain/invoicing/schemas';
import { fileResponse } from '@/lib/http/file-response';
import { v1Route } from '@/lib/http/v1-route';

/** GET /api/v1/invoices/{tinyMce}/ubl: an invoice or credit note of the key's subsidiaries as UBL 2.1 (the invoice event's link). */
export const GET = v1Route({ scope: 'events:read', params: documentKeyParams }, async ({ actor, params }) => {
  const { fileName, xml } = await invoiceUbl(actor.scope, params.id);
  return fileResponse({ fileName, contentType: 'application/xml; charset=utf-8', content: Buffer.from(xml) }, 'attachment');
});

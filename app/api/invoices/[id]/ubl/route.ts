import { invoiceUbl } from '@/lib/domain/invoicing/invoice-ubl';
import { documentKeyParams } from '@/lib/domain/invoicing/schemas';
import { fileResponse } from '@/lib/http/file-response';
import { route } from '@/lib/http/route';

/** GET /invoices/{tinyMce}/ubl: the invoice or credit note as UBL 2.1 XML (Peppol BIS Billing 3.0). */
export const GET = route({ allow: 'documents.read', params: documentKeyParams }, async ({ actor, params }) => {
  const { fileName, xml } = await invoiceUbl(actor.scope, params.id);
  return fileResponse({ fileName, contentType: 'application/xml; charset=utf-8', content: Buffer.from(xml) }, 'attachment');
});

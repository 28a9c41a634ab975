import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';

/** GET /xdocs/{tinyMce}/pdf?docno= saved as <docno>.pdf; false when the PDF could not be had. */
export async function downloadDocumentPdf(doc: { tinyMce: string; docno: string }): Promise<boolean> {
  try {
    const blob = await api.blob(`/xdocs/${encodeURIComponent(doc.tinyMce)}/pdf`, { query: { docno: doc.docno } });
    saveBlob(blob, `${doc.docno}.pdf`);
    return true;
  } catch {
    return false;
  }
}

/** Spec §8: 'Order {docno} PDF is unavailable!'. */
export const pdfUnavailable = (docno: string, label = 'Order') => `${label} ${docno} PDF is unavailable!`;

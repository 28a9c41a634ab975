import type { Scope } from '../../auth/scope';
import { renderDocumentPdf } from '../../exports/document-pdf';
import { loadPdfInput } from './pdf-input';

export type DocumentPdf = { fileName: string; content: Buffer };

/** A file name safe inside a Content-Disposition header: document numbers are plain, but never trust that. */
export function pdfFileName(docno: string): string {
  return `${docno.trim().replace(/[^A-Za-z0-9._-]+/g, '_') || 'document'}.pdf`;
}

/** GET /xdocs/{id}/pdf: the printable document. */
export async function documentPdf(scope: Scope, key: string, docno?: string): Promise<DocumentPdf> {
  const input = await loadPdfInput(scope, key, docno);
  return { fileName: pdfFileName(input.docno), content: await renderDocumentPdf(input) };
}

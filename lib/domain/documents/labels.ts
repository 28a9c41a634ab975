/**
 * The words for a kind of document, in one place for screens, messages, audit entries, PDFs and reports
 * (plain data, so client components use it too). A credit note is an invoice of sub-type creditnote and
 * always reads as a credit note, its amounts negative wherever they stand beside invoices.
 */
export type DocumentKind = { xdocTypeCode: string; xdocSubTypeCode?: string | null };

const TYPE_WORDS: Record<string, string> = {
  order: 'Order',
  invoice: 'Invoice',
  deliverynote: 'Delivery note',
  remittance: 'Remittance advice',
  dispute: 'Dispute',
  'aux.grv': 'Discrepancy advice',
};

export const isCreditNote = (doc: DocumentKind): boolean => doc.xdocTypeCode === 'invoice' && doc.xdocSubTypeCode === 'creditnote';

/** 'Order', 'Return order', 'Invoice', 'Credit note', 'Delivery note', … */
export function documentLabel(doc: DocumentKind): string {
  if (doc.xdocTypeCode === 'order' && doc.xdocSubTypeCode === 'return') return 'Return order';
  if (isCreditNote(doc)) return 'Credit note';
  return TYPE_WORDS[doc.xdocTypeCode] ?? 'Document';
}

/**
 * An amount as it counts: a credit note's is negative, so a column of invoices and credit notes adds up
 * (stored amounts stay positive, as the document carries them).
 */
export function signedAmount(doc: DocumentKind, amount: string): string;
export function signedAmount(doc: DocumentKind, amount: string | null): string | null;
export function signedAmount(doc: DocumentKind, amount: string | null): string | null {
  if (amount === null || !isCreditNote(doc) || /^-?0*(\.0*)?$/.test(amount)) return amount;
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

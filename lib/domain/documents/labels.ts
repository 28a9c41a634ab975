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

/** What a document of a type the portal does not know reads as. */
export const UNKNOWN_TYPE_WORD = 'Document';

export const isCreditNote = (doc: DocumentKind): boolean => doc.xdocTypeCode === 'invoice' && doc.xdocSubTypeCode === 'creditnote';

/** 'Order', 'Return order', 'Invoice', 'Credit note', 'Delivery note', … */
export function documentLabel(doc: DocumentKind): string {
  if (doc.xdocTypeCode === 'order' && doc.xdocSubTypeCode === 'return') return 'Return order';
  if (isCreditNote(doc)) return 'Credit note';
  return TYPE_WORDS[doc.xdocTypeCode] ?? UNKNOWN_TYPE_WORD;
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

/**
 * Spec §3 reason codes as words. A discrepancy (A/B/C) is what a goods receipt (aux.grv) records and
 * what the supplier's invoice answering it states; a dispute uses Q/U/O. The two sets do not overlap.
 */
export const DISCREPANCY_REASON_CODES = ['A', 'B', 'C'] as const;
export type DiscrepancyReason = (typeof DISCREPANCY_REASON_CODES)[number];
export const DISCREPANCY_REASONS: Record<DiscrepancyReason, string> = {
  A: 'Quantity difference',
  B: 'Price difference',
  C: 'Quantity and price',
};

const DISPUTE_REASONS = { Q: 'Quantity Overcharge', U: 'Quantity Undercharge', O: 'Price Overcharge' } as const;

export const REASON_LABELS: Record<string, string> = { ...DISPUTE_REASONS, ...DISCREPANCY_REASONS };

/** 'Quantity difference' for 'A'; null for no code, the code itself when it is not one of §3's. */
export function reasonLabel(code: string | null | undefined): string | null {
  const key = code?.trim().toUpperCase();
  if (!key) return null;
  return REASON_LABELS[key] ?? key;
}

import { isCreditNote, type DocumentKind } from '../../vocabulary/document-types';

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

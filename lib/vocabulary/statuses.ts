import { sentenceCase } from './document-types';

/*
 * Statuses as words, all in one case style (sentence case: 'Processing', 'Awaiting approval'), wherever
 * they stand: badges, filters, PDFs, e-mails and exports. A status the tables do not know yet still reads
 * in that style, never as its raw lower-case code.
 */

/** A document's workflow status (spec §4): responded shows as Processed, received as Processing. */
export const DOCUMENT_STATUS_LABELS: Record<string, string> = {
  received: 'Processing',
  responded: 'Processed',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  mixed: 'Mixed',
  outstanding: 'Outstanding',
};

/** An item, pricing or master-data change, and a master-data process while its file is read. */
export const CHANGE_STATUS_LABELS: Record<string, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  processing: 'Processing',
  failed: 'Failed',
};

/** A vendor's B-BBEE certificate, by its expiry date (vendor management). */
export const CERTIFICATE_STATUS_LABELS = {
  none: 'No certificate date',
  valid: 'Valid',
  expiring: 'Expires within 30 days',
  expired: 'Expired',
} as const;

function labelFrom(table: Record<string, string>, code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  return table[trimmed.toLowerCase()] ?? sentenceCase(trimmed);
}

/** 'Processing' for received, 'Confirmed' for confirmed; '' for none. */
export const documentStatusLabel = (code: string | null | undefined): string => labelFrom(DOCUMENT_STATUS_LABELS, code);

/** 'Awaiting approval' for pending, 'Approved', 'Rejected', …; '' for none. */
export const changeStatusLabel = (code: string | null | undefined): string => labelFrom(CHANGE_STATUS_LABELS, code);

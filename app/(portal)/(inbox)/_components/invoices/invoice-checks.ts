import { DISCREPANCY_REASON_REQUIRED } from '@/lib/domain/invoicing/schemas';
import { amountExceedsOriginal } from '@/lib/format/numbers';
import type { FormRow } from './invoice-form';
import type { RaiseWords } from './raise-words';
import type { Refusal } from './submit-form';

/**
 * What the invoice window checks before anything is sent, all at once: every field left empty and every
 * line amount above the order's gets its message beside it, under the names the server uses for the same
 * refusal (`invoiceNumber`, `det.<index>.amount`: lib/domain/invoicing/line-plan.ts), so one refusal at a
 * time never makes the supplier submit again to learn of the next (docs/architecture.md "The client side").
 */

export interface InvoiceEntries {
  typedNote: string;
  pickedNote: string;
  invoiceNumber: string;
  isDiscrepancy: boolean;
  reason: string;
  rows: readonly FormRow[];
}

/** The message of an amount above the order's (spec §5: more than 0.05 above it), as the server words it. */
export const amountTooHigh = (original: string) => `Amount cannot exceed original order amount of ${original}`;

/** The name of a line field's messages: the server's, by the line's place in the lines sent. */
export const lineField = (index: number, field: 'qty' | 'amount' | 'taxPercent') => `det.${index}.${field}`;

/** True when a line's amount is above the order's by more than the tolerance. */
export const exceedsOriginal = (row: FormRow) =>
  row.originalAmount !== null && row.amount !== '' && amountExceedsOriginal(row.amount, row.originalAmount);

/** The refusal of what was entered, or null when it can be sent. */
export function checkEntries(entries: InvoiceEntries, words: RaiseWords): Refusal | null {
  const errors: Record<string, string[]> = {};
  if (!entries.typedNote.trim() && !entries.pickedNote) errors.deliverynoteNumber = [words.referenceRequired];
  if (!entries.invoiceNumber.trim()) errors.invoiceNumber = [words.numberRequired];
  if (entries.isDiscrepancy && !entries.reason) errors.reasonCode = [DISCREPANCY_REASON_REQUIRED];
  entries.rows.forEach((row, index) => {
    if (exceedsOriginal(row)) errors[lineField(index, 'amount')] = [amountTooHigh(row.originalAmount!)];
  });
  const messages = Object.values(errors).flat();
  return messages.length ? { message: messages.join(' '), errors } : null;
}

/** A refusal with one more field's message, keeping the others (the summary then says them all). */
export function withFieldMessage(refusal: Refusal | null, name: string, message: string): Refusal {
  const errors = { ...(refusal?.errors ?? {}), [name]: [message] };
  return { message: Object.values(errors).flat().join(' '), errors };
}

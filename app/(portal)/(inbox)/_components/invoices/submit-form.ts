import { api } from '@/lib/client/api';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import type { SubmittedDocument } from '@/lib/domain/invoicing/submit-once';
import { requestErrorText } from '@/components/ui/use-oops';

/** What every window that raises an invoice or credit note against an order is given (typed or uploaded as UBL). */
export interface RaiseDialogProps {
  order: XdocDetail;
  /** A credit note against a return order (a UBL CreditNote), or an invoice. */
  isCredit: boolean;
  returnFocus?: () => HTMLElement | null | undefined;
  onClose: () => void;
  onSubmitted: (result: SubmittedDocument) => void;
}

/** One key per window opening: a double click, a retry or a second tab submitting it creates one document (POST /invoices). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type FormOutcome = { ok: true; document: SubmittedDocument } | { ok: false; message: string };

/**
 * POST /invoices or /deliverynotes as multipart (spec §7): the fields, `det` already a JSON string, the
 * optional file. Only 201 is success; any other answer's text is what the 'Oops...' dialog shows (spec §8).
 */
export async function submitForm(path: string, fields: Record<string, string>, file: File | null, key: string): Promise<FormOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  if (file) form.append('file', file, file.name);
  try {
    const response = await api.raw('POST', path, form, undefined, { 'Idempotency-Key': key });
    const text = await response.text();
    if (response.status !== 201) return { ok: false, message: text || `Request failed with status ${response.status}` };
    return { ok: true, document: JSON.parse(text) as SubmittedDocument };
  } catch (error) {
    return { ok: false, message: requestErrorText(error) };
  }
}

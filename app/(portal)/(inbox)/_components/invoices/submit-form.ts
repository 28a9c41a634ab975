import { ApiRequestError, api } from '@/lib/client/api';
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

/** A refusal: the server's words, and its messages by the field they concern (422). */
export type Refusal = { message: string; errors: Record<string, string[]> };

/** What a failed request says, as a refusal the form can show beside its fields. */
export function refusalOf(error: unknown): Refusal {
  return { message: requestErrorText(error), errors: error instanceof ApiRequestError ? (error.errors ?? {}) : {} };
}

/** The messages a refusal gives one field, under any of the names the form sends it as. */
export const fieldMessages = (refusal: Refusal | null, ...names: string[]): string[] =>
  refusal ? names.flatMap((name) => refusal.errors[name] ?? []) : [];

export type FormOutcome = { ok: true; document: SubmittedDocument } | ({ ok: false } & Refusal);

/**
 * POST /invoices or /deliverynotes as multipart (spec §7): the fields, `det` already a JSON string, the
 * optional file. Only 201 is success; any other answer is a refusal the window shows, keeping what was typed.
 */
export async function submitForm(path: string, fields: Record<string, string>, file: File | null, key: string): Promise<FormOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  if (file) form.append('file', file, file.name);
  try {
    const response = await api.raw('POST', path, form, undefined, { 'Idempotency-Key': key });
    const text = await response.text();
    if (response.status !== 201) return { ok: false, message: text || `Request failed with status ${response.status}`, errors: {} };
    return { ok: true, document: JSON.parse(text) as SubmittedDocument };
  } catch (error) {
    return { ok: false, ...refusalOf(error) };
  }
}

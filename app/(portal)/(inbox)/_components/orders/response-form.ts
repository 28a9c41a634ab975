import { REASON_REQUIRED, SUPPLIER_REF_REQUIRED } from '@/lib/domain/inbox/schemas';
import type { XdocLine } from '@/lib/domain/documents/queries';

/**
 * The order response form (spec §4 "Order response values", §5): whole-order confirm or reject, or
 * line-level answers that default to confirmed. Validation mirrors the server's, so the same
 * messages appear before any call is made.
 */

export type HeaderChoice = 'confirmed' | 'rejected' | 'detailResponse';
export type LineChoice = 'confirmed' | 'rejected';

export interface RejectionFields {
  reason: string;
  supplierRef: string;
}
export interface LineAnswer extends RejectionFields {
  response: LineChoice;
}
export interface ResponseForm extends RejectionFields {
  response: HeaderChoice | '';
  /** Line-level answers by line number; a line without an entry is confirmed. */
  lines: Record<number, LineAnswer>;
}

export type RejectionErrors = Partial<Record<keyof RejectionFields, string>>;
export interface FormErrors {
  response?: string;
  header?: RejectionErrors;
  lines?: Record<number, RejectionErrors>;
}

export const CHOOSE_RESPONSE = 'Choose how to respond to this order';
export const EMPTY_FORM: ResponseForm = { response: '', reason: '', supplierRef: '', lines: {} };
export const CONFIRMED_LINE: LineAnswer = { response: 'confirmed', reason: '', supplierRef: '' };

/** A rejection needs a reason and a supplier reference; returns the messages of what is missing. */
export function validateRejection({ reason, supplierRef }: RejectionFields): RejectionErrors {
  const errors: RejectionErrors = {};
  if (!reason.trim()) errors.reason = REASON_REQUIRED;
  if (!supplierRef.trim()) errors.supplierRef = SUPPLIER_REF_REQUIRED;
  return errors;
}

const hasErrors = (errors: RejectionErrors) => Object.keys(errors).length > 0;
const isCancelled = (line: Pick<XdocLine, 'orderDescr'>) => line.orderDescr?.trim().toLowerCase() === 'cancelled';

export type LineSummary = Pick<XdocLine, 'lineNumber' | 'catalogueCode' | 'descr' | 'orderDescr'>;

/** Line numbers a supplier answers: one per number (multi-branch orders repeat a number per branch), cancelled ones left out. */
export function answerableLines<T extends LineSummary>(lines: readonly T[]): T[] {
  const seen = new Set<number>();
  return lines.filter((line) => {
    if (isCancelled(line) || seen.has(line.lineNumber)) return false;
    seen.add(line.lineNumber);
    return true;
  });
}

/** Line-level response is not offered when the order has one line (spec §4). */
export function canRespondPerLine(lines: readonly Pick<XdocLine, 'lineNumber'>[]): boolean {
  return new Set(lines.map((l) => l.lineNumber)).size > 1;
}

export function validateResponseForm(form: ResponseForm, lineNumbers: readonly number[]): FormErrors | null {
  if (!form.response) return { response: CHOOSE_RESPONSE };
  if (form.response === 'rejected') {
    const header = validateRejection(form);
    return hasErrors(header) ? { header } : null;
  }
  if (form.response === 'detailResponse') {
    const lines: Record<number, RejectionErrors> = {};
    for (const n of lineNumbers) {
      const answer = form.lines[n];
      const errors = answer?.response === 'rejected' ? validateRejection(answer) : {};
      if (hasErrors(errors)) lines[n] = errors;
    }
    return Object.keys(lines).length ? { lines } : null;
  }
  return null;
}

export interface OrderResponsePayload {
  orderResponse: {
    header: { response: HeaderChoice; reason?: string; supplierRef?: string };
    detail?: { lineNumber: number; response: LineChoice; reason?: string; supplierRef?: string }[];
    tinyMce: string;
    docno: string;
  };
}

const rejection = ({ reason, supplierRef }: RejectionFields) => ({ reason: reason.trim(), supplierRef: supplierRef.trim() });

/** The PUT /orders/{tinyMce} body of a valid form. */
export function toOrderResponse(
  form: ResponseForm,
  doc: { tinyMce: string; docno: string },
  lineNumbers: readonly number[],
): OrderResponsePayload {
  const response = form.response || 'confirmed';
  const header = response === 'rejected' ? { response, ...rejection(form) } : { response };
  const detail =
    response === 'detailResponse'
      ? lineNumbers.map((lineNumber) => {
          const answer = form.lines[lineNumber] ?? CONFIRMED_LINE;
          return answer.response === 'rejected'
            ? { lineNumber, response: answer.response, ...rejection(answer) }
            : { lineNumber, response: answer.response };
        })
      : undefined;
  return { orderResponse: { header, ...(detail ? { detail } : {}), tinyMce: doc.tinyMce, docno: doc.docno } };
}

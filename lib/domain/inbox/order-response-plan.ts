import type { StoredResponse } from '../../../db/schema';
import { RuleViolationError } from '../errors';
import { reasonsFor, type HeaderResponse, type LineResponse } from './schemas';

/** What one order's lines look like to the response rules. */
export type OrderLineState = { lineNumber: number; orderDescr: string | null };

/** The answer written to one line number (every row of it that is not cancelled). */
export type LineAnswer = { lineNumber: number; response: 'Confirmed' | 'Rejected'; reason: string | null; supplierRef: string | null };

export type ResponsePlan = {
  header: StoredResponse;
  wfStatusCode: 'confirmed' | 'rejected' | 'mixed';
  lines: LineAnswer[];
  auditDescr: string;
};

type OrderFacts = { docno: string; label: string; isReturn: boolean; lines: OrderLineState[] };

export const isCancelled = (line: { orderDescr: string | null }) => line.orderDescr?.trim().toLowerCase() === 'cancelled';

/**
 * Whether the reason fits this kind of order: 'delivery date' is a purchase-order reason and
 * 'collection date' its return-order counterpart. Returns the message when it does not fit.
 */
export function reasonProblem(reason: string | undefined, isReturn: boolean): string | null {
  const allowed = reasonsFor(isReturn);
  return reason && !(allowed as string[]).includes(reason) ? `The reason must be one of: ${allowed.join(', ')}.` : null;
}

const refText = (ref: string | null | undefined) => (ref ? ` (ref ${ref})` : '');

/**
 * Turns a validated response into what gets written, or throws RuleViolationError when the response
 * does not fit this order (wrong reason for its kind, unknown or line-level answers on a one-line order).
 * Pure: the caller loads the order and writes the plan in one transaction.
 */
export function planOrderResponse(order: OrderFacts, header: HeaderResponse, detail: LineResponse[] | undefined): ResponsePlan {
  const activeNumbers = [...new Set(order.lines.filter((l) => !isCancelled(l)).map((l) => l.lineNumber))].sort((a, b) => a - b);
  const name = `${order.label} ${order.docno}`;

  if (header.response !== 'detailResponse') {
    const rejected = header.response === 'rejected';
    const problem = rejected ? reasonProblem(header.reason, order.isReturn) : null;
    if (problem) throw new RuleViolationError(problem, { 'orderResponse.header.reason': [problem] });
    const reason = rejected ? (header.reason ?? null) : null;
    const supplierRef = header.supplierRef || null;
    const stored: StoredResponse = { response: header.response, ...(reason ? { reason } : {}), ...(supplierRef ? { supplierRef } : {}) };
    return {
      header: stored,
      wfStatusCode: header.response,
      lines: activeNumbers.map((lineNumber) => ({ lineNumber, response: rejected ? 'Rejected' : 'Confirmed', reason, supplierRef })),
      auditDescr: `${name} ${header.response}${reason ? `: ${reason}` : ''}${refText(supplierRef)}`,
    };
  }

  const allNumbers = new Set(order.lines.map((l) => l.lineNumber));
  if (allNumbers.size <= 1) throw new RuleViolationError('Line-level responses are not possible for an order with one line.');
  const given = new Map<number, LineResponse>();
  for (const [i, line] of (detail ?? []).entries()) {
    if (!allNumbers.has(line.lineNumber)) {
      const message = `Line ${line.lineNumber} does not exist on order ${order.docno}`;
      throw new RuleViolationError(message, { [`orderResponse.detail.${i}.lineNumber`]: [message] });
    }
    if (given.has(line.lineNumber)) throw new RuleViolationError(`Line ${line.lineNumber} is given more than once.`);
    const problem = line.response === 'rejected' ? reasonProblem(line.reason, order.isReturn) : null;
    if (problem) throw new RuleViolationError(problem, { [`orderResponse.detail.${i}.reason`]: [problem] });
    given.set(line.lineNumber, line);
  }

  // Lines the supplier did not answer are confirmed; cancelled lines keep whatever they had.
  const lines: LineAnswer[] = activeNumbers.map((lineNumber) => {
    const answer = given.get(lineNumber);
    const rejected = answer?.response === 'rejected';
    return {
      lineNumber,
      response: rejected ? 'Rejected' : 'Confirmed',
      reason: rejected ? (answer?.reason ?? null) : null,
      supplierRef: answer?.supplierRef || null,
    };
  });
  const rejectedLines = lines.filter((l) => l.response === 'Rejected');
  const wfStatusCode = rejectedLines.length === 0 ? 'confirmed' : rejectedLines.length === lines.length ? 'rejected' : 'mixed';
  const rejections = rejectedLines.map((l) => `line ${l.lineNumber} rejected: ${l.reason ?? ''}${refText(l.supplierRef)}`);
  const auditDescr = `${name} responded per line: ${wfStatusCode} (${lines.length - rejectedLines.length} confirmed, ${rejectedLines.length} rejected)${
    rejections.length ? `; ${rejections.join('; ')}` : ''
  }`;
  return {
    header: { response: 'detailResponse', ...(header.supplierRef ? { supplierRef: header.supplierRef } : {}) },
    wfStatusCode,
    lines,
    auditDescr: auditDescr.length > 2000 ? `${auditDescr.slice(0, 1997)}...` : auditDescr,
  };
}

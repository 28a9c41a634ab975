import type { InboxRow } from '../tabs';

/** Order responses and bulk actions (spec §4, §5, §7, §8): pure helpers for the screen. */

export const RESPONSE_SUBMITTED = 'Response successfully submitted';
export const BUSY_BULK_RESPONDING = 'Busy bulk responding...';

/** The answer of PUT /orders/{tinyMce} and PUT /orders/bulkResponse. */
export interface RespondResult {
  message?: string;
  successful?: string | string[];
  failed?: string | string[];
}

/** successful and failed come as bracketed, comma-separated lists: "[a,b]", "[]". */
export function parseIdList(value: string | readonly string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  const text = typeof value === 'string' ? value.trim() : '';
  const inner = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return inner
    .split(',')
    .map((part) => part.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/** bulkResponse: each selected row still on the page, as tinyMce → docno. */
export function bulkResponseMap(rows: readonly InboxRow[], selectedIds: ReadonlySet<string | number>): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => selectedIds.has(row.tinyMce)).map((row) => [row.tinyMce, row.docno]));
}

export const failureMessage = (docnos: readonly string[]) => `Order [${docnos.join(', ')}] could not be responded to.`;

export interface ResponseOutcome {
  succeeded: string[];
  failed: string[];
  /** What to tell the user, and whether it is good news. */
  message: string;
  kind: 'success' | 'error';
}

/** Reads a response result; docnoOf names failed orders by number (the server lists their tinyMce). */
export function responseOutcome(result: RespondResult, docnoOf: (tinyMce: string) => string | undefined): ResponseOutcome {
  const succeeded = parseIdList(result.successful);
  const failed = parseIdList(result.failed);
  if (failed.length === 0) return { succeeded, failed, message: RESPONSE_SUBMITTED, kind: 'success' };
  const failure = failureMessage(failed.map((id) => docnoOf(id) ?? id));
  return {
    succeeded,
    failed,
    message: succeeded.length ? `${RESPONSE_SUBMITTED}. ${failure}` : failure,
    kind: 'error',
  };
}

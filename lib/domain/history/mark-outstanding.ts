import { ne } from 'drizzle-orm';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import type { XdocRow } from '../documents/queries';
import { ConflictError, RuleViolationError } from '../errors';
import { actOnDocument, guardedUpdate, type HistoryActionResult } from './document-action';

export const OUTSTANDING = 'outstanding';
const alreadyOutstanding = (order: XdocRow) => `Order ${order.docno} is already outstanding.`;

/** GET /mark/outstanding/{id}: sets an order's workflow status to outstanding; one already outstanding is refused (409). */
export function markOutstanding(actor: Actor, key: string, { ip }: { ip?: string } = {}): Promise<HistoryActionResult> {
  return actOnDocument(actor, key, {
    ip,
    activity: 'mark-outstanding',
    target(doc) {
      if (doc.xdocTypeCode !== 'order') throw new RuleViolationError('Only an order can be marked outstanding.');
      if (doc.wfStatusCode === OUTSTANDING) throw new ConflictError(alreadyOutstanding(doc));
      return doc;
    },
    change: (tx, order) => guardedUpdate(tx, actor, order.id, { wfStatusCode: OUTSTANDING }, ne(xdocs.wfStatusCode, OUTSTANDING)),
    audit: (order) => ({ action: 'outstanding', descr: `Order ${order.docno} marked outstanding (was ${order.wfStatusCode})` }),
    refusedAsStale: alreadyOutstanding,
    done: (order) => `Order ${order.docno} is now outstanding.`,
  });
}

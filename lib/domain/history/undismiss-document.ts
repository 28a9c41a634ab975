import { and, eq, isNotNull } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import type { XdocRow } from '../documents/queries';
import { ConflictError, RuleViolationError } from '../errors';
import { actOnDocument, guardedUpdate, type HistoryActionResult } from './document-action';

const notDismissed = (order: XdocRow) => `Order ${order.docno} is not dismissed: it is already available for invoicing.`;

/** An invoice is undismissed through the order it was raised against. */
export async function orderOf(doc: XdocRow): Promise<XdocRow> {
  if (doc.xdocTypeCode === 'order') return doc;
  if (doc.xdocTypeCode !== 'invoice') throw new RuleViolationError('Only an order or an invoice can be made available for invoicing.');
  const [order] = doc.relatedXdocId
    ? await db
        .select()
        .from(xdocs)
        .where(and(eq(xdocs.id, doc.relatedXdocId), eq(xdocs.xdocTypeCode, 'order')))
    : [];
  if (!order) throw new RuleViolationError(`Invoice ${doc.docno} is not linked to an order.`);
  return order;
}

/**
 * GET /orders/undismiss/{id}: puts a dismissed (invoicing closed) order back on the supplier's
 * toInvoice list; an order that is not dismissed is refused (409).
 */
export function undismissDocument(actor: Actor, key: string, { ip }: { ip?: string } = {}): Promise<HistoryActionResult> {
  return actOnDocument(actor, key, {
    ip,
    activity: 'undismiss',
    async target(doc) {
      const order = await orderOf(doc);
      if (!order.invoicingClosedAt) throw new ConflictError(notDismissed(order));
      return order;
    },
    change: (tx, order) => guardedUpdate(tx, actor, order.id, { invoicingClosedAt: null }, isNotNull(xdocs.invoicingClosedAt)),
    audit: (order) => ({ action: 'undismissed', descr: `Order ${order.docno} made available for invoicing again` }),
    refusedAsStale: notDismissed,
    done: (order) => `Order ${order.docno} is available for invoicing again.`,
  });
}

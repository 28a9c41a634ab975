import { and, eq, isNull, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudit } from '../audit/record';
import { invoicingDismissed } from '../integrations/act-events';
import { ConflictError, ForbiddenError, RuleViolationError } from '../errors';
import { findVisibleOrder } from './queries';
import { lockOrder } from './raise-document';

export type DismissResult = { message: string; tinyMce: string; docno: string; responded: true };

/**
 * GET /orders/dismiss/{id} (after 'Are you sure you want to dismiss invoicing for order {docno}?'): the
 * order is marked responded for invoicing, leaves toInvoice (toCredit) and its counter goes down, with
 * the audit entry and the activity in the same transaction. Every branch of a multi-branch order goes.
 */
export async function dismissInvoicing(actor: Actor, key: string): Promise<DismissResult> {
  assertCan(actor, 'invoices.submit');
  const visible = await findVisibleOrder(actor.scope, key);
  if (!actor.scope.writesForVendor(visible.vendorId)) throw new ForbiddenError('You may view this order but not dismiss its invoicing.');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, visible.id);
    if (order.invoicingClosedAt) throw new ConflictError(`Invoicing for order ${order.docno} is already closed.`);
    if (order.respondedAt === null || !['confirmed', 'mixed'].includes(order.wfStatusCode))
      throw new RuleViolationError(`Order ${order.docno} is not waiting to be invoiced.`);
    await tx
      .update(xdocs)
      .set({ invoicingClosedAt: sql`now()`, toFollow: 0, updatedAt: sql`now()` })
      .where(and(eq(xdocs.id, order.id), isNull(xdocs.invoicingClosedAt)));
    await recordAudit(tx, actor, { xdocId: order.id, action: 'dismissed', descr: `Invoicing for order ${order.docno} dismissed` });
    await invoicingDismissed(tx, order);
    await recordActivity(tx, actor, 'dismiss-invoicing', { detail: { tinyMce: order.tinyMce, docno: order.docno } });
    return { message: `Invoicing for order ${order.docno} was dismissed.`, tinyMce: order.tinyMce, docno: order.docno, responded: true };
  });
}

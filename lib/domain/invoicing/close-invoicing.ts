import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoicedBranches, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import type { XdocRow } from '../documents/queries';
import { branchesOf } from './queries';

/** Whether invoicing (crediting) of the order, or of one branch of a multi-branch order, is closed. */
export async function isBranchClosed(tx: DbOrTx, order: XdocRow, branch: string | null): Promise<boolean> {
  if (order.invoicingClosedAt) return true;
  if (branch === null) return false;
  const [found] = await tx
    .select({ code: invoicedBranches.deliveryAddressCode })
    .from(invoicedBranches)
    .where(and(eq(invoicedBranches.orderXdocId, order.id), eq(invoicedBranches.deliveryAddressCode, branch)));
  return Boolean(found);
}

/**
 * Closes invoicing of the order: the order leaves toInvoice (toCredit) and its counter goes down by the
 * trigger on xdocs. A multi-branch order closes one branch (docno:addressCode) and the order only when
 * every branch is closed (spec §4). Returns whether the order itself is now closed.
 */
export async function closeInvoicing(tx: DbOrTx, actor: Actor, order: XdocRow, branch: string | null): Promise<boolean> {
  if (branch !== null) {
    await tx
      .insert(invoicedBranches)
      .values({ orderXdocId: order.id, deliveryAddressCode: branch, closedBy: actor.userId })
      .onConflictDoNothing();
    const [branches, closed] = await Promise.all([
      branchesOf(tx, order.id),
      tx.select({ code: invoicedBranches.deliveryAddressCode }).from(invoicedBranches).where(eq(invoicedBranches.orderXdocId, order.id)),
    ]);
    const closedCodes = new Set(closed.map((c) => c.code));
    if (!branches.every((code) => closedCodes.has(code))) return false;
  }
  await tx
    .update(xdocs)
    .set({ invoicingClosedAt: sql`now()`, toFollow: 0, updatedAt: sql`now()` })
    .where(and(eq(xdocs.id, order.id), isNull(xdocs.invoicingClosedAt)));
  return true;
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users, userVendors, xdocs } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { NOT_FOUND_MESSAGE } from '../documents/queries';
import { NotFoundError, RuleViolationError } from '../errors';
import { countOrderResend } from '../request-limits';
import { actOnDocument, type HistoryActionResult } from './document-action';

/** The active users linked to a vendor: whom an order of that vendor is e-mailed to. */
async function vendorUsers(vendorId: number): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(userVendors)
    .innerJoin(users, eq(users.id, userVendors.userId))
    .where(and(eq(userVendors.vendorId, vendorId), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
}

/**
 * PUT /orders/resend/{docno}: e-mails the order, its PDF attached, to each of its vendor's users. One
 * outbox row per recipient, written with the audit entry, so the worker sends each once (jobs/processors/resend-order.ts).
 * Each user resends at most REQUEST_LIMITS.orderResendsPerUser orders an hour (429 past it).
 */
export async function resendOrder(actor: Actor, docno: string, { ip }: { ip?: string } = {}): Promise<HistoryActionResult> {
  const [order] = await db
    .select({ tinyMce: xdocs.tinyMce })
    .from(xdocs)
    .where(and(eq(xdocs.docno, docno), eq(xdocs.xdocTypeCode, 'order'), actor.scope.documents()))
    .limit(1);
  if (!order) throw new NotFoundError(NOT_FOUND_MESSAGE);
  let recipients: { id: number; email: string }[] = [];
  const result = await actOnDocument(actor, order.tinyMce, {
    activity: 'resend-order',
    async target(doc) {
      recipients = await vendorUsers(doc.vendorId);
      if (!recipients.length)
        throw new RuleViolationError(`Order ${doc.docno} cannot be resent: its vendor has no active users to e-mail.`);
      return doc;
    },
    async change(tx, doc) {
      await countOrderResend(tx, actor.userId);
      for (const user of recipients)
        await enqueueInOutbox(tx, 'resend-order', { xdocId: doc.id, userId: user.id, requestedBy: actor.name });
      return true;
    },
    audit: (doc) => ({ action: 'resent', descr: `Order ${doc.docno} resent to ${recipients.map((r) => r.email).join(', ')}` }),
    refusedAsStale: (doc) => `Order ${doc.docno} could not be resent.`,
    done: (doc) => `Order ${doc.docno} has been resent to ${recipients.length} user${recipients.length === 1 ? '' : 's'}.`,
    ip,
  });
  nudgeOutbox();
  return result;
}

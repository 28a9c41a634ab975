import { and, eq } from 'drizzle-orm';
import { deliveredLines } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudits } from '../audit/record';
import { deliveryNoteSubmitted } from '../integrations/act-events';
import { ConflictError, ForbiddenError, RuleViolationError } from '../errors';
import { assertInWindow, todayInSouthAfrica } from './invoice-date';
import { planLines } from './line-plan';
import { findVisibleOrder, orderLineStates } from './queries';
import { insertRaisedDocument, storeAttachment } from './raise-document';
import type { SubmitDeliveryNote } from './schemas';
import { checkOrderOpen } from './submit-invoice';
import { submitOnce, type Submission, type SubmitOptions } from './submit-once';

/**
 * POST /deliverynotes: a delivery note the supplier sends before (or without) an invoice (spec §8 info
 * popup): a new document with the delivered quantities of the order's lines, never beyond what was
 * ordered, in one transaction with both audit entries and the activity. It does not close invoicing.
 */
export async function submitDeliveryNote(actor: Actor, input: SubmitDeliveryNote, options: SubmitOptions = {}): Promise<Submission> {
  assertCan(actor, 'deliverynotes.submit');
  const visible = await findVisibleOrder(actor.scope, input.tinyMce, input.docno);
  if (!actor.scope.writesForVendor(visible.vendorId)) throw new ForbiddenError('You may view this order but not send its delivery notes.');
  if (visible.xdocSubTypeCode === 'return') throw new RuleViolationError('Delivery notes are sent for purchase orders, not return orders.');
  const today = options.today ?? todayInSouthAfrica();
  const date = input.xdocDeliverynoteDate ?? today;
  assertInWindow('xdocDeliverynoteDate', date, today);
  return submitOnce(actor, visible.id, input, options, async (tx, order) => {
    const branch = await checkOrderOpen(tx, order, input.deliveryAddressCode, 'delivered');
    const [sameNumber] = await tx
      .select({ id: deliveredLines.id })
      .from(deliveredLines)
      .where(and(eq(deliveredLines.orderXdocId, order.id), eq(deliveredLines.deliverynoteNumber, input.deliverynoteNumber)))
      .limit(1);
    if (sameNumber) {
      const message = `Delivery note ${input.deliverynoteNumber} was already submitted for order ${order.docno}.`;
      throw new ConflictError(message, { deliverynoteNumber: [message] });
    }
    const plan = planLines(
      {
        lines: await orderLineStates(tx, order.id, 'delivered'),
        isMixed: order.wfStatusCode === 'mixed',
        branch,
        withPrices: false,
        verb: 'delivered',
      },
      input.det,
    );
    const scanFileId = await storeAttachment(tx, actor, options.file, 'deliverynote');
    const doc = await insertRaisedDocument(tx, actor, order, {
      type: 'deliverynote',
      subType: null,
      typeDescr: 'Delivery Note',
      descr: 'Delivery note from the supplier',
      docno: input.deliverynoteNumber,
      docDate: date,
      deliverynoteNumber: input.deliverynoteNumber,
      deliverynoteDate: date,
      toFollow: input.toFollow,
      scanFileId,
      plan,
    });
    const onBranch = branch ? ` for branch ${branch}` : '';
    await recordAudits(tx, actor, [
      { xdocId: order.id, action: 'delivered', descr: `Delivery note ${input.deliverynoteNumber} submitted${onBranch}` },
      { xdocId: doc.id, action: 'created', descr: `Delivery note ${input.deliverynoteNumber} submitted against ${order.docno}${onBranch}` },
    ]);
    await deliveryNoteSubmitted(tx, order, doc);
    await recordActivity(tx, actor, 'submit-delivery-note', {
      detail: { tinyMce: doc.tinyMce, deliverynoteNumber: input.deliverynoteNumber, orderno: order.docno },
    });
    return { doc, responded: order.invoicingClosedAt !== null };
  });
}

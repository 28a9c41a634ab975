import { and, eq, sql } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { vendors, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { formatMoney } from '../../format/money';
import { recordActivity, recordAudits } from '../audit/record';
import { invoiceSubmitted } from '../integrations/act-events';
import { documentLabel, reasonLabel, type DiscrepancyReason } from '../../vocabulary';
import type { XdocRow } from '../documents/queries';
import { ConflictError, ForbiddenError, RuleViolationError } from '../errors';
import { closeInvoicing, isBranchClosed } from './close-invoicing';
import { assertInWindow, todayInSouthAfrica } from './invoice-date';
import { planLines } from './line-plan';
import { branchesOf, deliveryNoteNumbersOf, findVisibleOrder, hasGoodsReceipt, isJabOrder, orderLineStates } from './queries';
import { insertRaisedDocument, storeAttachment } from './raise-document';
import {
  BRANCH_REQUIRED,
  DELIVERY_NOTE_REQUIRED,
  DISCREPANCY_REASON_NOT_ALLOWED,
  DISCREPANCY_REASON_REQUIRED,
  RETURN_NOTE_REQUIRED,
  type SubmitInvoice,
} from './schemas';
import { submitOnce, type Submission, type SubmitOptions } from './submit-once';

const field = (name: string, message: string) => new RuleViolationError(message, { [name]: [message] });

/**
 * The order must be open for this kind of document, and a multi-branch order names an open branch of
 * its own. Returns the branch (null for other orders).
 */
export async function checkOrderOpen(tx: DbOrTx, order: XdocRow, branchInput: string | undefined, verb: string): Promise<string | null> {
  const answered = order.respondedAt !== null && ['confirmed', 'mixed'].includes(order.wfStatusCode);
  if (!answered) throw new RuleViolationError(`Order ${order.docno} must be confirmed before it can be ${verb}.`);
  let branch: string | null = null;
  if (isJabOrder(order)) {
    if (!branchInput) throw field('deliveryAddressCode', BRANCH_REQUIRED);
    if (!(await branchesOf(tx, order.id)).includes(branchInput))
      throw field('deliveryAddressCode', `Branch ${branchInput} is not a delivery address of order ${order.docno}.`);
    branch = branchInput;
  }
  return branch;
}

async function assertInvoiceNumberFree(tx: DbOrTx, order: XdocRow, invoiceNumber: string): Promise<void> {
  const [taken] = await tx
    .select({ id: xdocs.id })
    .from(xdocs)
    .where(and(eq(xdocs.vendorId, order.vendorId), eq(xdocs.xdocTypeCode, 'invoice'), eq(xdocs.invoiceNumber, invoiceNumber)))
    .limit(1);
  if (taken) throw await duplicateNumber(tx, order.vendorId, invoiceNumber);
}

async function duplicateNumber(dbx: DbOrTx, vendorId: number, invoiceNumber: string): Promise<RuleViolationError> {
  const [vendor] = await dbx.select({ code: vendors.code }).from(vendors).where(eq(vendors.id, vendorId));
  return field('invoiceNumber', `Invoice number ${invoiceNumber} has already been used for vendor ${vendor?.code ?? vendorId}.`);
}

/**
 * Spec §5: a delivery note number, typed or selected from the order's own delivery notes, is required;
 * a credit note's is the return note of the returned goods, and is asked for in those words.
 */
async function deliveryNoteOf(tx: DbOrTx, order: XdocRow, input: SubmitInvoice): Promise<string> {
  if (input.selectDeliverynoteNumber) {
    if (!(await deliveryNoteNumbersOf(tx, order)).includes(input.selectDeliverynoteNumber))
      throw field(
        'selectDeliverynoteNumber',
        `Delivery note ${input.selectDeliverynoteNumber} is not a delivery note of order ${order.docno}.`,
      );
    return input.selectDeliverynoteNumber;
  }
  if (input.deliverynoteNumber) return input.deliverynoteNumber;
  throw field('deliverynoteNumber', order.xdocSubTypeCode === 'return' ? RETURN_NOTE_REQUIRED : DELIVERY_NOTE_REQUIRED);
}

/**
 * Spec §2, §3: the invoice of an order a goods receipt (aux.grv) counted is a discrepancy and states
 * its reason (A, B or C); no other invoice or credit note carries one.
 */
async function discrepancyReasonOf(
  tx: DbOrTx,
  order: XdocRow,
  branch: string | null,
  reason: DiscrepancyReason | undefined,
): Promise<DiscrepancyReason | null> {
  const counted = await hasGoodsReceipt(tx, order, branch);
  if (counted && !reason) throw field('reasonCode', DISCREPANCY_REASON_REQUIRED);
  if (!counted && reason) throw field('reasonCode', DISCREPANCY_REASON_NOT_ALLOWED);
  return reason ?? null;
}

/**
 * POST /invoices: an invoice against a confirmed order, or a credit note against a responded return
 * order, with its lines, in one transaction with the audit entries of both documents, the activity, the
 * invoiced quantities and (when no more invoices are to follow) the order leaving its list. Every rule
 * of spec §5 is checked here on the server's own numbers.
 */
export async function submitInvoice(actor: Actor, input: SubmitInvoice, options: SubmitOptions = {}): Promise<Submission> {
  assertCan(actor, 'invoices.submit');
  const visible = await findVisibleOrder(actor.scope, input.tinyMce, input.docno);
  if (!actor.scope.writesForVendor(visible.vendorId)) throw new ForbiddenError('You may view this order but not invoice it.');
  assertInWindow('xdocInvoicedate', input.xdocInvoicedate, options.today ?? todayInSouthAfrica());
  return submitOnce(
    actor,
    visible.id,
    input,
    options,
    async (tx, order) => {
      const isCredit = order.xdocSubTypeCode === 'return';
      const branch = await checkOrderOpen(tx, order, input.deliveryAddressCode, isCredit ? 'credited' : 'invoiced');
      if (await isBranchClosed(tx, order, branch))
        throw new ConflictError(
          `Order ${order.docno}${branch ? `:${branch}` : ''} is already fully ${isCredit ? 'credited' : 'invoiced'} or dismissed.`,
        );
      const deliverynoteNumber = await deliveryNoteOf(tx, order, input);
      await assertInvoiceNumberFree(tx, order, input.invoiceNumber);
      const reasonCode = await discrepancyReasonOf(tx, order, branch, input.reasonCode);
      const plan = planLines(
        {
          lines: await orderLineStates(tx, order.id, 'invoiced'),
          isMixed: order.wfStatusCode === 'mixed',
          branch,
          withPrices: true,
          verb: isCredit ? 'credited' : 'invoiced',
        },
        input.det,
      );

      const scanFileId = await storeAttachment(tx, actor, options.file, 'invoice');
      const doc = await insertRaisedDocument(tx, actor, order, {
        type: 'invoice',
        subType: isCredit ? 'creditnote' : 'normal',
        typeDescr: isCredit ? 'Credit Note' : 'Invoice',
        descr: isCredit ? 'Credit note for returned goods' : 'Tax invoice',
        docno: input.invoiceNumber,
        docDate: input.xdocInvoicedate,
        invoiceNumber: input.invoiceNumber,
        invoiceDate: input.xdocInvoicedate,
        deliverynoteNumber,
        toFollow: input.toFollow,
        scanFileId,
        reasonCode,
        plan,
      });
      const responded = input.toFollow === 1 ? false : await closeInvoicing(tx, actor, order, branch);
      // A supplier invoicing in parts says 'to follow' on each: only the first one changes the order.
      if (input.toFollow === 1 && order.toFollow !== 1)
        await tx
          .update(xdocs)
          .set({ toFollow: 1, updatedAt: sql`now()` })
          .where(eq(xdocs.id, order.id));

      const label = documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: isCredit ? 'creditnote' : null });
      const onBranch = branch ? ` for branch ${branch}` : '';
      const reason = reasonCode ? `; discrepancy reason: ${reasonLabel(reasonCode)} (${reasonCode})` : '';
      await recordAudits(tx, actor, [
        {
          xdocId: order.id,
          action: isCredit ? 'credited' : 'invoiced',
          descr: `${label} ${input.invoiceNumber} submitted${onBranch} (${formatMoney(plan.totals.incl)}); ${input.toFollow ? 'more to follow' : 'no more to follow'}${reason}`,
        },
        {
          xdocId: doc.id,
          action: 'created',
          descr: `${label} ${input.invoiceNumber} submitted against ${order.docno}${onBranch}${reason}`,
        },
      ]);
      await invoiceSubmitted(tx, order, doc, isCredit);
      await recordActivity(tx, actor, isCredit ? 'submit-credit-note' : 'submit-invoice', {
        detail: { tinyMce: doc.tinyMce, invoiceNumber: input.invoiceNumber, orderno: order.docno, total: plan.totals.incl },
      });
      return { doc, responded };
    },
    async (constraint) =>
      constraint === 'xdocs_vendor_invoice_number_uq' ? duplicateNumber(db, visible.vendorId, input.invoiceNumber) : null,
  );
}

import { and, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { toCents } from '../../format/money';
import type { XdocRow } from '../documents/queries';
import { DomainError, ForbiddenError, RuleViolationError } from '../errors';
import { isBranchClosed } from './close-invoicing';
import { assertInWindow, todayInSouthAfrica } from './invoice-date';
import { planLines } from './line-plan';
import { findVisibleOrder, hasGoodsReceipt, isJabOrder, orderLineStates } from './queries';
import { BRANCH_REQUIRED, submitInvoiceSchema, type SubmitInvoice } from './schemas';
import { checkOrderOpen, submitInvoice } from './submit-invoice';
import type { Submission } from './submit-once';
import { arithmeticProblems, ublDocumentOf, unsupportedParts, type UblDocument, type UblProblem } from './ubl-document';
import { matchLines, totalsOf, type PreviewLine } from './ubl-lines';
import type { UploadUbl } from './ubl-upload-schema';
import { readXml } from './ubl-xml';

/*
 * POST /invoices/ubl: a supplier's own UBL 2.1 Invoice or CreditNote for an order. The file is read safely
 * (ubl-xml.ts), its EN 16931 arithmetic checked (ubl-document.ts), its lines matched to the order's
 * (ubl-lines.ts); then it is submitted through submitInvoice, the form's own path with its rules,
 * transaction and Idempotency-Key. `preview` answers what would be submitted and every problem, storing nothing.
 */

export type UblPreview = {
  preview: true;
  canSubmit: boolean;
  problems: UblProblem[];
  kind: 'invoice' | 'creditnote';
  order: { tinyMce: string; docno: string };
  invoiceNumber: string | null;
  xdocInvoicedate: string | null;
  deliverynoteNumber: string | null;
  deliveryAddressCode: string | null;
  toFollow: 0 | 1;
  lines: PreviewLine[];
  totals: { excl: string; tax: string; incl: string };
};

/** The form's field names in the rules' messages, as the UBL file names them. */
const UBL_FIELDS: Record<string, string> = {
  invoiceNumber: 'ID',
  xdocInvoicedate: 'IssueDate',
  deliverynoteNumber: 'DespatchDocumentReference/ID',
  deliveryAddressCode: 'deliveryAddressCode',
};

const LINE_FIELDS: Record<string, string> = {
  lineNumber: 'ID',
  qty: 'Quantity',
  amount: 'Price/PriceAmount',
  taxPercent: 'Item/ClassifiedTaxCategory/Percent',
};

function toProblems(error: DomainError, wheres: string[]): UblProblem[] {
  if (!error.errors) return [{ field: 'file', message: error.message }];
  return Object.entries(error.errors).flatMap(([key, messages]) => {
    const line = /^det\.(\d+)\.(\w+)$/.exec(key);
    const field = line ? `${wheres[Number(line[1])]}/${LINE_FIELDS[line[2]] ?? line[2]}` : (UBL_FIELDS[key] ?? key);
    return messages.map((message) => ({ field, message }));
  });
}

/** What the file says about the document as a whole, against the order it is uploaded for. */
function documentProblems(doc: UblDocument, order: XdocRow, today: string): UblProblem[] {
  const problems: UblProblem[] = [];
  const isReturn = order.xdocSubTypeCode === 'return';
  if (doc.kind === 'creditnote' && !isReturn)
    problems.push({
      field: 'CreditNote',
      message: `A credit note can only be uploaded for a return order; ${order.docno} is not one. Upload an Invoice.`,
    });
  if (doc.kind === 'invoice' && isReturn)
    problems.push({ field: 'Invoice', message: `${order.docno} is a return order: it is credited, so upload a CreditNote.` });
  if (doc.currency !== 'ZAR')
    problems.push({
      field: 'DocumentCurrencyCode',
      message: `The currency must be ZAR (South African rand), not ${doc.currency ?? 'missing'}.`,
    });
  if (doc.orderReference && doc.orderReference.trim().toLowerCase() !== order.docno.trim().toLowerCase())
    problems.push({
      field: 'OrderReference/ID',
      message: `The file is for order ${doc.orderReference}, but it was uploaded for order ${order.docno}.`,
    });
  const number = submitInvoiceSchema.shape.invoiceNumber.safeParse(doc.id ?? '');
  if (!number.success) problems.push({ field: 'ID', message: `The invoice number (ID): ${number.error.issues[0].message}` });
  if (!doc.issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(doc.issueDate))
    problems.push({ field: 'IssueDate', message: 'The issue date must be a date as yyyy-mm-dd.' });
  else
    try {
      assertInWindow('IssueDate', doc.issueDate, today);
    } catch (error) {
      problems.push({ field: 'IssueDate', message: `The issue date ${doc.issueDate}: ${(error as Error).message}` });
    }
  if (!doc.despatchReference)
    problems.push({
      field: 'DespatchDocumentReference/ID',
      message: 'The delivery note number (DespatchDocumentReference) is missing: the portal needs one.',
    });
  return problems;
}

/** The state of the order now (open, branch, numbers free, quantities left): only for a preview, see below. */
async function stateProblems(doc: UblDocument, order: XdocRow, branch: string | null, det: SubmitInvoice['det'], wheres: string[]) {
  const problems: UblProblem[] = [];
  const isCredit = order.xdocSubTypeCode === 'return';
  try {
    await checkOrderOpen(db, order, branch ?? undefined, isCredit ? 'credited' : 'invoiced');
    if (await isBranchClosed(db, order, branch))
      problems.push({
        field: 'order',
        message: `Order ${order.docno}${branch ? `:${branch}` : ''} is already fully ${isCredit ? 'credited' : 'invoiced'} or dismissed.`,
      });
    if (det.length)
      planLines(
        {
          lines: await orderLineStates(db, order.id, 'invoiced'),
          isMixed: order.wfStatusCode === 'mixed',
          branch,
          withPrices: true,
          verb: isCredit ? 'credited' : 'invoiced',
        },
        det,
      );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problems.push(...toProblems(error, wheres));
  }
  if (doc.id) {
    const [taken] = await db
      .select({ id: xdocs.id })
      .from(xdocs)
      .where(and(eq(xdocs.vendorId, order.vendorId), eq(xdocs.xdocTypeCode, 'invoice'), eq(xdocs.invoiceNumber, doc.id)))
      .limit(1);
    if (taken) problems.push({ field: 'ID', message: `Invoice number ${doc.id} has already been used by this vendor.` });
  }
  return problems;
}

export async function uploadUbl(
  actor: Actor,
  input: UploadUbl,
  bytes: Uint8Array,
  options: { idempotencyKey?: string; today?: string } = {},
): Promise<{ preview: UblPreview } | Submission> {
  assertCan(actor, 'invoices.submit');
  const order = await findVisibleOrder(actor.scope, input.tinyMce);
  if (!actor.scope.writesForVendor(order.vendorId)) throw new ForbiddenError('You may view this order but not invoice it.');
  const today = options.today ?? todayInSouthAfrica();
  const root = readXml(bytes);
  const doc = ublDocumentOf(root);
  const branch = isJabOrder(order) ? (input.deliveryAddressCode ?? doc.deliveryLocation) : null;
  const needsBranch = isJabOrder(order) && !branch;
  const states = (await orderLineStates(db, order.id, 'invoiced')).filter((l) => branch === null || l.deliveryAddressCode === branch);
  const matched = matchLines(doc, states, order.docno);
  const totals = totalsOf(matched.lines);
  const problems = [
    ...unsupportedParts(root, doc),
    ...documentProblems(doc, order, today),
    ...arithmeticProblems(doc),
    // Without the branch of a multi-branch order its lines cannot be told apart: that one problem is enough.
    ...(needsBranch ? [] : matched.problems),
  ];
  if (needsBranch)
    problems.push({ field: 'deliveryAddressCode', message: `${BRANCH_REQUIRED} (Or name it in Delivery/DeliveryLocation/ID.)` });
  // Spec §2: an order a goods receipt counted is invoiced in the discrepancy window, which asks for the reason.
  else if (await hasGoodsReceipt(db, order, branch))
    problems.push({
      field: 'order',
      message: `The retailer's goods receipt counted order ${order.docno} differently: invoice it in the discrepancy window, which asks for the reason.`,
    });
  // The portal's own tax (spec §5: recomputed to the cent), once the lines and the file's total are readable.
  const saidTax = doc.taxTotal !== null && /^\d{1,12}(\.\d{1,2})?$/.test(doc.taxTotal) ? toCents(doc.taxTotal) : null;
  if (saidTax !== null && matched.problems.length === 0 && saidTax !== toCents(totals.tax))
    problems.push({
      field: 'TaxTotal/TaxAmount',
      message: `The total VAT says ${doc.taxTotal}, but at the order's rates, per line to the cent, it is ${totals.tax}.`,
    });
  const submitInput: SubmitInvoice = {
    tinyMce: order.tinyMce,
    docno: order.docno,
    invoiceNumber: doc.id ?? '',
    xdocInvoicedate: doc.issueDate ?? '',
    deliverynoteNumber: doc.despatchReference ?? undefined,
    deliveryAddressCode: branch ?? undefined,
    toFollow: input.toFollow,
    det: matched.det,
  };
  if (input.preview) {
    // The order's state is looked at only here: a submission checks it again under the order's lock, after
    // replaying an earlier upload with the same Idempotency-Key (which these checks would refuse).
    problems.push(...(await stateProblems(doc, order, branch, matched.det, matched.wheres)));
    return {
      preview: {
        preview: true,
        canSubmit: problems.length === 0,
        problems,
        kind: doc.kind,
        order: { tinyMce: order.tinyMce, docno: order.docno },
        invoiceNumber: doc.id,
        xdocInvoicedate: doc.issueDate,
        deliverynoteNumber: doc.despatchReference,
        deliveryAddressCode: branch,
        toFollow: input.toFollow,
        lines: matched.lines,
        totals,
      },
    };
  }
  if (problems.length) throw refusal(problems);
  try {
    return await submitInvoice(actor, submitInput, { idempotencyKey: options.idempotencyKey, today });
  } catch (error) {
    if (error instanceof RuleViolationError) throw refusal(toProblems(error, matched.wheres));
    throw error;
  }
}

/** One refusal listing every problem by the field of the UBL file it is in. */
function refusal(problems: UblProblem[]): RuleViolationError {
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[p.field] ??= []).push(p.message);
  const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
  return new RuleViolationError(`The UBL file cannot be submitted (${count}): ${problems[0].message}`, errors);
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocLines, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudit } from '../audit/record';
import { orderAnswered } from '../integrations/act-events';
import { findVisibleDocument, type XdocRow } from '../documents/queries';
import { documentLabel } from '../../vocabulary';
import { DomainError, ForbiddenError, RuleViolationError } from '../errors';
import { planOrderResponse, type ResponsePlan } from './order-response-plan';
import type { BulkOrderResponse, HeaderResponse, LineResponse, OrderResponse } from './schemas';

/** Spec §7: successful and failed are bracketed, comma-separated lists of document ids (tinyMce). */
export type RespondResult = { message: string; successful: string; failed: string };

export const RESPONSE_SUBMITTED = 'Response successfully submitted';

type Outcome = { tinyMce: string; docno: string; ok: boolean };

function result(outcomes: Outcome[]): RespondResult {
  const ok = outcomes.filter((o) => o.ok);
  const failed = outcomes.filter((o) => !o.ok);
  const failure = failed.length ? `Order [${failed.map((o) => o.docno).join(', ')}] could not be responded to.` : '';
  const message = !failed.length ? RESPONSE_SUBMITTED : ok.length ? `${RESPONSE_SUBMITTED}. ${failure}` : failure;
  const list = (os: Outcome[]) => `[${os.map((o) => o.tinyMce).join(',')}]`;
  return { message, successful: list(ok), failed: list(failed) };
}

const sameDocno = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function planFor(actor: Actor, order: XdocRow, header: HeaderResponse, detail: LineResponse[] | undefined): Promise<ResponsePlan> {
  const lines = await db
    .select({ lineNumber: xdocLines.lineNumber, orderDescr: xdocLines.orderDescr })
    .from(xdocLines)
    .innerJoin(xdocs, eq(xdocs.id, xdocLines.xdocId))
    .where(and(eq(xdocLines.xdocId, order.id), actor.scope.documents()));
  return planOrderResponse(
    { docno: order.docno, label: documentLabel(order), isReturn: order.xdocSubTypeCode === 'return', lines },
    header,
    detail,
  );
}

/**
 * Writes one order's response in one transaction. The update is guarded by `responded_at is null`,
 * so of two concurrent responses exactly one wins; the loser changes nothing and reports false.
 */
async function applyPlan(actor: Actor, order: XdocRow, plan: ResponsePlan): Promise<boolean> {
  return db.transaction(async (tx) => {
    const won = await tx
      .update(xdocs)
      .set({
        response: plan.header,
        wfStatusCode: plan.wfStatusCode,
        respondedAt: sql`now()`,
        respondedBy: actor.userId,
        isRead: true,
        readAt: sql`coalesce(${xdocs.readAt}, now())`,
        readBy: sql`coalesce(${xdocs.readBy}, ${actor.userId})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(xdocs.id, order.id), eq(xdocs.xdocTypeCode, 'order'), isNull(xdocs.respondedAt), actor.scope.writableDocuments()))
      .returning({ id: xdocs.id });
    if (!won.length) return false;
    if (plan.lines.length) {
      await tx.execute(sql`
        update xdoc_lines l
           set response = v.response, reason = v.reason, supplier_ref = v.supplier_ref
          from jsonb_to_recordset(${JSON.stringify(plan.lines.map((x) => ({ line_number: x.lineNumber, response: x.response, reason: x.reason, supplier_ref: x.supplierRef })))}::jsonb)
               as v(line_number int, response text, reason text, supplier_ref text)
         where l.xdoc_id = ${order.id} and l.line_number = v.line_number
           and coalesce(lower(trim(l.order_descr)), '') <> 'cancelled'`);
    }
    await recordAudit(tx, actor, { xdocId: order.id, action: 'responded', descr: plan.auditDescr });
    await orderAnswered(tx, order, plan);
    await recordActivity(tx, actor, 'respond-order', {
      detail: { tinyMce: order.tinyMce, docno: order.docno, response: plan.header.response, wfStatusCode: plan.wfStatusCode },
    });
    return true;
  });
}

/**
 * PUT /orders/{tinyMce}: one order. Missing or out-of-scope → NotFoundError; visible but read-only →
 * ForbiddenError; input that does not fit the order → RuleViolationError. An order that is already
 * responded to is not an error: it comes back under failed, as the screens expect.
 */
export async function respondToOrder(actor: Actor, key: string, input: OrderResponse): Promise<RespondResult> {
  assertCan(actor, 'orders.respond');
  const order = await findVisibleDocument(actor.scope, key);
  if (input.tinyMce && input.tinyMce !== order.tinyMce)
    throw new RuleViolationError('The tinyMce in the body does not match the order in the path.');
  if (order.xdocTypeCode !== 'order') throw new RuleViolationError('Only orders can be responded to.');
  if (input.docno && !sameDocno(input.docno, order.docno))
    throw new RuleViolationError(`The docno ${input.docno} does not match order ${order.docno}.`);
  if (!actor.scope.writesForVendor(order.vendorId)) throw new ForbiddenError('You may view this order but not respond to it.');
  const outcome = { tinyMce: order.tinyMce, docno: order.docno };
  if (order.respondedAt) return result([{ ...outcome, ok: false }]);
  // Line answers only count for a line-level response; a whole-order answer applies to every line.
  const plan = await planFor(actor, order, input.header, input.header.response === 'detailResponse' ? (input.detail ?? []) : undefined);
  return result([{ ...outcome, ok: await applyPlan(actor, order, plan) }]);
}

/**
 * PUT /orders/bulkResponse: one header answer for many orders. Each order is answered in its own
 * transaction; an order that cannot be answered (unknown, out of scope, read-only, not an order,
 * already responded, docno mismatch, reason not fitting its kind) is reported under failed and the
 * others still go through.
 */
export async function respondToOrdersInBulk(actor: Actor, input: BulkOrderResponse): Promise<RespondResult> {
  assertCan(actor, 'orders.respond');
  const requested = Object.entries(input.bulkResponse).map(([tinyMce, docno]) => ({ tinyMce: tinyMce.trim(), docno: docno.trim() }));
  const found = await db
    .select()
    .from(xdocs)
    .where(
      and(
        inArray(
          xdocs.tinyMce,
          requested.map((r) => r.tinyMce),
        ),
        actor.scope.documents(),
      ),
    );
  const byTinyMce = new Map(found.map((doc) => [doc.tinyMce, doc]));

  const outcomes: Outcome[] = [];
  for (const { tinyMce, docno } of requested) {
    const order = byTinyMce.get(tinyMce);
    const fits =
      order &&
      order.xdocTypeCode === 'order' &&
      !order.respondedAt &&
      (!docno || sameDocno(docno, order.docno)) &&
      actor.scope.writesForVendor(order.vendorId);
    if (!order || !fits) {
      outcomes.push({ tinyMce, docno: order?.docno ?? docno, ok: false });
      continue;
    }
    outcomes.push({ tinyMce, docno: order.docno, ok: await answerOne(actor, order, input.header) });
  }
  return result(outcomes);
}

async function answerOne(actor: Actor, order: XdocRow, header: HeaderResponse): Promise<boolean> {
  try {
    return await applyPlan(actor, order, await planFor(actor, order, header, undefined));
  } catch (error) {
    // A business rule failing for one order (e.g. a delivery-date reason on a return order) fails only that order.
    if (error instanceof DomainError) return false;
    throw error;
  }
}

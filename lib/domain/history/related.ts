import { and, eq, or, sql } from 'drizzle-orm';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { summariesWhere, type XdocSummary } from '../documents/summary';

/**
 * GET /xdocs?orderno=: every document of an order the actor may see — the order itself, its delivery
 * notes, goods receipts, invoices, credit notes, remittances and disputes — by the order number they
 * carry or by their link to the order, newest first.
 */
export async function relatedDocuments(actor: Actor, orderno: string): Promise<{ xdocs: XdocSummary[] }> {
  assertCan(actor, 'documents.read');
  const ofOrder = sql`${xdocs.relatedXdocId} in (select o.id from ${xdocs} o where o.docno = ${orderno} and o.xdoc_type_code = 'order')`;
  return { xdocs: await summariesWhere(and(actor.scope.documents(), or(eq(xdocs.orderno, orderno), eq(xdocs.docno, orderno), ofOrder))!) };
}

import { and, eq, or, sql } from 'drizzle-orm';
import { queryPrepared } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { NEWEST_FIRST } from '../documents/summary';

export type FoundDocument = {
  id: number;
  tinyMce: string;
  docno: string;
  xdocTypeCode: string;
  xdocSubTypeCode: string | null;
  matchedOn: string;
};

/**
 * GET /history/find?number=: the documents carrying this number as any of their numbers (docno, order
 * number, invoice number, delivery note number, supplier reference), in scope, newest first, at most
 * 20. Exact (case-insensitive through upper case, as numbers are stored); each column has its own
 * index (migration of the history branch), so the planner combines five index lookups.
 */
export async function findDocument(actor: Actor, number: string): Promise<{ xdocs: FoundDocument[] }> {
  assertCan(actor, 'history.read');
  const n = number.trim().toUpperCase();
  const supplierRef = sql`(${xdocs.response} ->> 'supplierRef')`;
  const matchedOn = sql`case when ${xdocs.docno} = ${n} then 'docno' when ${xdocs.orderno} = ${n} then 'orderno'
    when ${xdocs.invoiceNumber} = ${n} then 'invoiceNumber' when ${xdocs.deliverynoteNumber} = ${n} then 'deliverynoteNumber' else 'supplierRef' end`;
  const rows = await queryPrepared<FoundDocument>(sql`select ${xdocs.id} as "id", ${xdocs.tinyMce} as "tinyMce", ${xdocs.docno} as "docno",
      ${xdocs.xdocTypeCode} as "xdocTypeCode", ${xdocs.xdocSubTypeCode} as "xdocSubTypeCode", ${matchedOn} as "matchedOn"
    from ${xdocs}
    where ${and(
      actor.scope.documents(),
      or(
        eq(xdocs.docno, n),
        eq(xdocs.orderno, n),
        eq(xdocs.invoiceNumber, n),
        eq(xdocs.deliverynoteNumber, n),
        sql`upper(${supplierRef}) = ${n}`,
      ),
    )}
    order by ${NEWEST_FIRST} limit 20`);
  return { xdocs: rows };
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { integrationDoerName, type IntegrationActor } from '../../auth/integration-actor';
import { recordEvents } from '../integrations/record-event';
import { documentColumns, eventData, insertLinesSql, lineRows, newTinyMce, typeLabelOf } from './document-rows';
import type { ResolvedReferences } from './references';
import type { IngestedDocument, IngestResult } from './schemas';
import { documentTotals } from './totals';

export type NewDocument = { doc: IngestedDocument; refs: ResolvedReferences; hash: string; relatedXdocId: number | null };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Creates many new documents with two statements whatever their number: one writes the documents, all their
 * lines, their identities and audit entries (data-modifying CTEs, joined by each document's new tinyMce);
 * the next their events with the events' webhook deliveries (recordEvents), then their notifications. What
 * each row holds is what ingestInTransaction writes for one new document (ingest-document.ts); the totals come
 * from documentTotals, the same arithmetic as totalsSql. The xdocs triggers keep the inbox and history
 * counters per row, in this transaction, as for one document; the lines' triggers and foreign key run at the
 * end of the statement, when the documents are there.
 */
export async function insertNewDocuments(tx: Tx, actor: IntegrationActor, list: readonly NewDocument[]): Promise<IngestResult[]> {
  if (!list.length) return [];
  const rows = list.map(({ doc, refs, relatedXdocId }) => {
    const totals = documentTotals(doc);
    const columns = {
      tinyMce: newTinyMce(),
      ...documentColumns(doc, refs, relatedXdocId),
      totValue: totals.incl,
      xdocTotalExcl: totals.excl,
      xdocTaxAmount: totals.tax,
      xdocTotalIncl: totals.incl,
    };
    return Object.fromEntries(Object.entries(columns).map(([key, value]) => [snakeCase(key), value]));
  });
  const tinyMces = rows.map((row) => row.tiny_mce as string);
  const lines = list.flatMap(({ doc, refs }, i) => lineRows(doc, refs).map((line) => ({ ...line, tiny_mce: tinyMces[i] })));
  const doer = integrationDoerName(actor);
  const written = list.map(({ doc, refs, hash }, i) => ({
    tiny_mce: tinyMces[i],
    subsidiary_id: refs.store.subsidiaryId,
    type: doc.type,
    docno: doc.docno,
    content_hash: hash,
    descr: `${typeLabelOf(doc.type)} ${doc.docno} received`,
  }));
  const names = sql.raw(Object.keys(rows[0]).join(', '));
  const { rows: created } = await tx.execute<{ id: number; tinyMce: string }>(sql`
    with d as (
      insert into xdocs (${names}) select ${names} from jsonb_populate_recordset(null::xdocs, ${JSON.stringify(rows)}::jsonb)
      returning id, tiny_mce
    ), w as (
      select d.id, w.* from jsonb_to_recordset(${JSON.stringify(written)}::jsonb)
        as w(tiny_mce text, subsidiary_id int, type text, docno text, content_hash text, descr text) join d using (tiny_mce)
    ), l as (
      ${insertLinesSql(sql`d.id`, JSON.stringify(lines), sql`join d using (tiny_mce)`)}
    ), i as (
      insert into ingested_documents (subsidiary_id, type, docno, xdoc_id, content_hash, integration_id)
      select subsidiary_id, type, docno, id, content_hash, ${actor.integrationId} from w
    ), a as (
      insert into audit_entries (xdoc_id, entity_type, entity_id, action, descr, owner_user_id, owner_name)
      select id, 'xdoc', id, 'created', descr, null, ${doer} from w
    )
    select id, tiny_mce as "tinyMce" from d`);
  const idOf = new Map(created.map((c) => [c.tinyMce, Number(c.id)]));
  const ids = tinyMces.map((tinyMce) => idOf.get(tinyMce)!);

  const results = list.map(({ doc }, i): IngestResult => ({
    status: 'created',
    docno: doc.docno,
    type: doc.type,
    tinyMce: tinyMces[i],
    version: 1,
  }));
  await recordEvents(
    tx,
    list.map(({ doc, refs }, i) => ({
      type: 'document.ingested' as const,
      subsidiaryId: refs.store.subsidiaryId,
      vendorId: refs.vendorId,
      xdocId: ids[i],
      data: eventData(doc, results[i]),
    })),
  );
  return results;
}

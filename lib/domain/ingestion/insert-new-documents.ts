import { sql } from 'drizzle-orm';
import { executePrepared, statementOf, type DbOrTx, type Statement } from '../../../db/client';
import { integrationDoerName, type IntegrationActor } from '../../auth/integration-actor';
import { eventsCtes } from '../integrations/record-event';
import { documentNotice, documentNotificationsSql } from '../notifications/notify';
import { documentColumns, eventData, insertLinesSql, lineRows, newTinyMce, typeLabelOf } from './document-rows';
import { TURN_BARRIER, turnBarrierKeys, type BatchTurn } from './batch-turns';
import type { ResolvedReferences } from './references';
import type { IngestedDocument, IngestResult } from './schemas';
import { documentTotals } from './totals';

export type NewDocument = { doc: IngestedDocument; refs: ResolvedReferences; hash: string; relatedXdocId: number | null };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Creates new documents in one prepared statement whatever their number (its text does not change with it):
 * data-modifying CTEs write each document's identity, row, lines, audit entry, `document.ingested` event with
 * its webhook deliveries, and its notifications, joined by the document's new tinyMce. The events and
 * notifications are read from the identities (`k`), which carry what they need, not joined to the inserted rows:
 * a CTE's rows are estimated at one, so such a join was a nested loop, every document against every other
 * (a tenth of a 500-document batch's time). What each row holds is
 * what ingestInTransaction writes for one new document (ingest-document.ts); the totals come from
 * documentTotals. The xdocs triggers keep the inbox and history counters per row; the lines' triggers and the
 * foreign keys run at the end of the statement, when the documents are there.
 *
 * In a bulk request's batch (`turn`), `settled` waits for the batch before it to end once every row is written
 * (it reads each CTE's count, so all of them have run; d's too, which the main query would read only after) and before the statement's triggers lock counter rows at
 * its end (batch-turns.ts).
 *
 * The identity row comes first, `on conflict do nothing`: its primary key (subsidiary, type, docno) is what
 * makes a document new. A document another transaction has created, or is creating (the insert waits for it to
 * end), is skipped whole and answered null, so the statement needs no lock and no transaction around it (one
 * statement is atomic): the caller sends a skipped document the way of a known one.
 *
 * The rows come as json, not jsonb: they are read once, in order, and json's reader takes them field by field
 * where jsonb first builds and sorts each object (5,000 lines: 35 against 62 ms).
 */
export async function insertNewDocuments(
  on: DbOrTx,
  actor: IntegrationActor,
  list: readonly NewDocument[],
  turn?: BatchTurn,
): Promise<(IngestResult | null)[]> {
  if (!list.length) return [];
  const results = list.map(({ doc }): IngestResult => ({
    status: 'created',
    docno: doc.docno,
    type: doc.type,
    tinyMce: newTinyMce(),
    version: 1,
  }));
  const columns = list.map(({ doc, refs, relatedXdocId }, i) => {
    const totals = documentTotals(doc);
    return {
      tinyMce: results[i].tinyMce,
      ...documentColumns(doc, refs, relatedXdocId),
      totValue: totals.incl,
      xdocTotalExcl: totals.excl,
      xdocTaxAmount: totals.tax,
      xdocTotalIncl: totals.incl,
    };
  });
  const rows = columns.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [snakeCase(key), value])));
  const lines = list.flatMap(({ doc, refs }, i) => lineRows(doc, refs).map((line) => ({ ...line, tiny_mce: results[i].tinyMce })));
  const identities = list.map(({ doc, refs, hash }, i) => ({
    tiny_mce: results[i].tinyMce,
    subsidiary_id: refs.store.subsidiaryId,
    vendor_id: refs.vendorId,
    store_id: refs.store.id,
    type: doc.type,
    docno: doc.docno,
    title: `${columns[i].xdocTypeDescr} ${doc.docno}`,
    content_hash: hash,
    descr: `${typeLabelOf(doc.type)} ${doc.docno} received`,
    event: eventData(doc, results[i]),
    ...(documentNotice(doc.type) ?? { code: null, tab: null }),
  }));
  const created = await executePrepared<{ tinyMce: string }>(on, newDocumentsStatement(Object.keys(rows[0])), {
    identities: JSON.stringify(identities),
    rows: JSON.stringify(rows),
    lines: JSON.stringify(lines),
    integrationId: actor.integrationId,
    doerName: integrationDoerName(actor),
    ...turnBarrierKeys(turn),
  });
  const stored = new Set(created.map((row) => row.tinyMce));
  return results.map((result) => (stored.has(result.tinyMce) ? result : null));
}

/** The statement for documents of these xdocs columns (always the same ones: documentColumns' and the totals), rendered once. */
const statements = new Map<string, Statement>();

function newDocumentsStatement(names: string[]): Statement {
  const key = names.join(',');
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = statementOf(newDocumentsSql(names))));
  return statement;
}

function newDocumentsSql(names: string[]) {
  return sql`
    with w as (
      select * from json_to_recordset(${sql.placeholder('identities')}::json) as w(tiny_mce text, subsidiary_id int, vendor_id int,
        store_id int, type text, docno text, title text, content_hash text, descr text, event jsonb, code text, tab text)
    ), i as (
      insert into ingested_documents (subsidiary_id, type, docno, xdoc_id, content_hash, integration_id)
      select subsidiary_id, type, docno, nextval('xdocs_id_seq'), content_hash, ${sql.placeholder('integrationId')} from w
      on conflict do nothing
      returning subsidiary_id, type, docno, xdoc_id
    ), k as (
      select i.xdoc_id as id, w.* from i join w using (subsidiary_id, type, docno)
    ), d as (
      insert into xdocs (id, ${sql.raw(names.join(', '))})
      select k.id, ${sql.raw(names.map((name) => `r.${name}`).join(', '))}
      from json_populate_recordset(null::xdocs, ${sql.placeholder('rows')}::json) r join k using (tiny_mce)
      returning tiny_mce
    ), l as (
      ${insertLinesSql(sql`k.id`, sql.placeholder('lines'), sql`join k using (tiny_mce)`)} returning xdoc_id
    ), a as (
      insert into audit_entries (xdoc_id, entity_type, entity_id, action, descr, owner_user_id, owner_name)
      select id, 'xdoc', id, 'created', descr, null, ${sql.placeholder('doerName')} from k
      returning id
    ), ${eventsCtes(sql`(select 'document.ingested' as type, subsidiary_id, vendor_id, id as xdoc_id, event as data from k) as e`)}, notified as (
      ${documentNotificationsSql(sql`(select id as xdoc_id, vendor_id, store_id, title, tiny_mce, code, tab from k where code is not null)`)} returning id
    ), settled as materialized (
      select ${TURN_BARRIER}
      from (select count(*) from d) d(n), (select count(*) from l) l(n), (select count(*) from a) a(n),
        (select count(*) from notified) n(n), (select count(*) from delivered) w(n)
      where d.n + l.n + a.n + n.n + w.n >= 0
    )
    select d.tiny_mce as "tinyMce" from d cross join settled`;
}

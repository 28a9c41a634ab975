import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { auditEntries, ingestedDocuments } from '../../../db/schema';
import { integrationDoerName, type IntegrationActor } from '../../auth/integration-actor';
import { recordEvents } from '../integrations/record-event';
import { documentColumns, eventData, insertLinesSql, lineRows, newTinyMce, typeLabelOf } from './document-rows';
import type { ResolvedReferences } from './references';
import type { IngestedDocument, IngestResult } from './schemas';
import { documentTotals } from './totals';

export type NewDocument = { doc: IngestedDocument; refs: ResolvedReferences; hash: string; relatedXdocId: number | null };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Creates many new documents with a handful of statements whatever their number: the documents in one
 * insert, all their lines in one, their identities, audit entries and events (with the events' webhook
 * deliveries and notifications) in one each. What each row holds is what ingestInTransaction writes for one
 * new document (ingest-document.ts); the totals come from documentTotals, the same arithmetic as totalsSql.
 * The xdocs triggers keep the inbox and history counters per row, in this transaction, as for one document.
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
  const names = sql.raw(Object.keys(rows[0]).join(', '));
  const { rows: created } = await tx.execute<{ id: number; tinyMce: string }>(sql`
    insert into xdocs (${names}) select ${names} from jsonb_populate_recordset(null::xdocs, ${JSON.stringify(rows)}::jsonb)
    returning id, tiny_mce as "tinyMce"`);
  const idOf = new Map(created.map((c) => [c.tinyMce, Number(c.id)]));
  const ids = rows.map((row) => idOf.get(row.tiny_mce as string)!);

  const lines = list.flatMap(({ doc, refs }, i) => lineRows(doc, refs).map((line) => ({ ...line, xdoc_id: ids[i] })));
  await tx.execute(insertLinesSql(null, JSON.stringify(lines)));
  await tx.insert(ingestedDocuments).values(
    list.map(({ doc, refs, hash }, i) => ({
      subsidiaryId: refs.store.subsidiaryId,
      type: doc.type,
      docno: doc.docno,
      xdocId: ids[i],
      contentHash: hash,
      integrationId: actor.integrationId,
    })),
  );
  const doer = integrationDoerName(actor);
  await tx.insert(auditEntries).values(
    list.map(({ doc }, i) => ({
      xdocId: ids[i],
      entityType: 'xdoc',
      entityId: ids[i],
      action: 'created',
      descr: `${typeLabelOf(doc.type)} ${doc.docno} received`,
      ownerUserId: null,
      ownerName: doer,
    })),
  );
  const results = list.map(({ doc }, i): IngestResult => ({
    status: 'created',
    docno: doc.docno,
    type: doc.type,
    tinyMce: rows[i].tiny_mce as string,
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

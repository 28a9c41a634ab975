import { sql } from 'drizzle-orm';
import { executePrepared, type DbOrTx, type Tx } from '../../../db/client';
import { relatesToOrder } from './line-batches';
import type { ResolvedReferences } from './references';
import type { IngestedDocument } from './schemas';

type Identified = { doc: IngestedDocument; refs: ResolvedReferences };
export type KnownDocument = { xdocId: number; contentHash: string; version: number };

const identityOf = ({ doc, refs }: Identified) => `${refs.store.subsidiaryId}:${doc.type}:${doc.docno}`;
/** One array parameter (drizzle would spread a plain array into a list of parameters). */
const array = (values: readonly (string | number)[], type: 'text' | 'int') => sql`${sql.param(values)}::${sql.raw(type)}[]`;
const textArray = (values: readonly string[]) => array(values, 'text');

/**
 * Takes an advisory lock per document identity, for every document of a batch (or the one of a known document
 * sent alone, ingest-document.ts), in one statement and in the order of their hashes: two batches sharing
 * documents, or a batch and a change sent alone, wait for each other instead of deadlocking. That a new document
 * is created once is its identity's primary key's work (insert-new-documents.ts).
 */
export async function lockIdentities(tx: Tx, list: readonly Identified[]): Promise<void> {
  const keys = list.map((item) => `ingest:${identityOf(item)}`);
  await executePrepared(
    tx,
    sql`select pg_advisory_xact_lock(h)
    from (select distinct hashtextextended(k, 0) as h from unnest(${textArray(keys)}) as k order by h) locks`,
  );
}

/** The documents of the batch that exist already, by identity (subsidiary:type:docno). */
export async function knownDocuments(tx: Tx, list: readonly Identified[]): Promise<Map<string, KnownDocument>> {
  const rows = await executePrepared<KnownDocument & { subsidiaryId: number; type: string; docno: string }>(
    tx,
    sql`
    select i.subsidiary_id as "subsidiaryId", i.type, i.docno, i.xdoc_id as "xdocId", i.content_hash as "contentHash", i.version
    from ingested_documents i
    join unnest(${array(
      list.map((x) => x.refs.store.subsidiaryId),
      'int',
    )}, ${textArray(list.map((x) => x.doc.type))},
      ${textArray(list.map((x) => x.doc.docno))}) as b(subsidiary_id, type, docno)
      on i.subsidiary_id = b.subsidiary_id and i.type = b.type and i.docno = b.docno`,
  );
  return new Map(rows.map((r) => [`${r.subsidiaryId}:${r.type}:${r.docno}`, { ...r, xdocId: Number(r.xdocId) }]));
}

export const identityKey = identityOf;

/** Each document's related order (a goods-received voucher's, delivery note's or dispute's order, when it is known here): by position, or null. */
export async function relatedOrderIds(tx: DbOrTx, list: readonly Identified[]): Promise<(number | null)[]> {
  const asking = list.flatMap((item, i) => (relatesToOrder(item.doc) ? [{ i, ...item }] : []));
  const found = new Map<number, number>();
  if (asking.length) {
    const rows = await executePrepared<{ i: number; id: number }>(
      tx,
      sql`
      select distinct on (b.i) b.i, x.id
      from unnest(${array(
        asking.map((a) => a.i),
        'int',
      )}, ${textArray(asking.map((a) => a.doc.orderno!))},
        ${array(
          asking.map((a) => a.refs.store.subsidiaryId),
          'int',
        )}, ${array(
          asking.map((a) => a.refs.vendorId),
          'int',
        )})
        as b(i, docno, subsidiary_id, vendor_id)
      join xdocs x on x.docno = b.docno and x.xdoc_type_code = 'order' and x.subsidiary_id = b.subsidiary_id and x.vendor_id = b.vendor_id
      order by b.i, x.id`,
    );
    for (const row of rows) found.set(Number(row.i), Number(row.id));
  }
  return list.map((_, i) => found.get(i) ?? null);
}

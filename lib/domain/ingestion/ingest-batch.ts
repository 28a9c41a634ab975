import { db, type Tx } from '../../../db/client';
import type { IntegrationActor } from '../../auth/integration-actor';
import { identityKey, knownDocuments, lockIdentities, relatedOrderIds } from './batch-lookups';
import { awaitTurn, takeTurn, type BatchTurn } from './batch-turns';
import { resultOfError } from './bulk-results';
import { contentHash } from './content-hash';
import { ingestInTransaction } from './ingest-document';
import { insertNewDocuments } from './insert-new-documents';
import type { ReferenceCache } from './reference-cache';
import type { ResolvedReferences } from './references';
import type { BulkResult, IngestedDocument } from './schemas';

/** A valid document of a bulk file and its line. A batch never holds one document twice, nor an order and a document about it (line-batches.ts). */
export type BatchItem = { line: number; doc: IngestedDocument };
type Taken = BatchItem & { refs: ResolvedReferences; hash: string };

/**
 * Ingests a batch of documents in one transaction, with the outcome for each line exactly what
 * ingestDocument would answer for it alone: new documents are created together (insertNewDocuments), the
 * same content again is unchanged, and changed content goes through ingestInTransaction one document at a
 * time. When creating them together fails, each new document is tried alone in a savepoint, so a document
 * that cannot be stored fails alone and its neighbours are still created. The answers are returned only
 * once the transaction committed: an answer says what is stored. A bulk request's batch has its `turn`, which
 * orders its commit after the batch before it (batch-turns.ts).
 */
export async function ingestBatch(
  actor: IntegrationActor,
  cache: ReferenceCache,
  items: readonly BatchItem[],
  turn?: BatchTurn,
): Promise<BulkResult[]> {
  await cache.load(
    db,
    items.map((item) => item.doc),
  );
  const results: BulkResult[] = new Array(items.length);
  const taken: (Taken & { position: number })[] = [];
  items.forEach((item, position) => {
    try {
      taken.push({ ...item, position, refs: cache.resolve(item.doc), hash: contentHash(item.doc) });
    } catch (error) {
      results[position] = resultOfError(item.line, item.doc.docno, error);
    }
  });
  if (taken.length) {
    try {
      const written = await db.transaction((tx) => writeBatch(tx, actor, taken, turn));
      taken.forEach((item, i) => (results[item.position] = written[i]));
    } catch (error) {
      // The transaction did not commit: nothing of the batch is stored, and each of its lines says so.
      for (const item of taken) results[item.position] = resultOfError(item.line, item.doc.docno, error);
    }
  }
  return results;
}

async function writeBatch(tx: Tx, actor: IntegrationActor, taken: readonly Taken[], turn?: BatchTurn): Promise<BulkResult[]> {
  if (turn) await takeTurn(tx, turn);
  await lockIdentities(tx, taken);
  const known = await knownDocuments(tx, taken);
  const results: BulkResult[] = new Array(taken.length);
  const fresh: number[] = [];
  const oneByOne: number[] = [];
  taken.forEach((item, i) => {
    const existing = known.get(identityKey(item));
    if (!existing) fresh.push(i);
    else if (existing.contentHash === item.hash) results[i] = { line: item.line, docno: item.doc.docno, status: 'unchanged' };
    else oneByOne.push(i);
  });
  if (fresh.length) {
    const related = await relatedOrderIds(
      tx,
      fresh.map((i) => taken[i]),
    );
    const list = fresh.map((i, n) => ({ ...taken[i], relatedXdocId: related[n] }));
    try {
      const created = await tx.transaction((savepoint) => insertNewDocuments(savepoint, actor, list, turn));
      // One skipped was created meanwhile by a single POST (which takes no lock): it goes the way of a known one.
      fresh.forEach((i, n) =>
        created[n] ? (results[i] = { line: taken[i].line, docno: taken[i].doc.docno, status: 'created' }) : oneByOne.push(i),
      );
    } catch {
      // One of them cannot be stored (its error is logged when it is tried alone below).
      oneByOne.push(...fresh);
    }
  }
  // Updates and single inserts lock counter rows as they go: only once the batch before has ended.
  if (oneByOne.length) await awaitTurn(tx, turn);
  for (const i of oneByOne.sort((a, b) => a - b)) results[i] = await ingestAlone(tx, actor, taken[i]);
  return results;
}

/** One document in its own savepoint: its failure undoes only its own writes. */
async function ingestAlone(tx: Tx, actor: IntegrationActor, item: Taken): Promise<BulkResult> {
  try {
    const result = await tx.transaction((savepoint) => ingestInTransaction(savepoint, actor, item.doc, item.refs, item.hash));
    return { line: item.line, docno: result.docno, status: result.status };
  } catch (error) {
    return resultOfError(item.line, item.doc.docno, error);
  }
}

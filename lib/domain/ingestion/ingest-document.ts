import { and, eq, sql } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { auditEntries, ingestedDocuments, xdocs } from '../../../db/schema';
import { integrationDoerName, type IntegrationActor } from '../../auth/integration-actor';
import { ConflictError } from '../errors';
import { recordEvent } from '../integrations/record-event';
import { contentHash } from './content-hash';
import { resolveReferences, type ResolvedReferences } from './references';
import { documentColumns, eventData, insertLinesSql, linesJson, typeLabelOf } from './document-rows';
import { insertNewDocuments } from './insert-new-documents';
import { insertNewDocumentInGroup } from './new-document-groups';
import { identityKey, knownDocuments, lockIdentities, relatedOrderIds } from './batch-lookups';
import type { IngestedDocument, IngestResult } from './schemas';
import { documentTotals } from './totals';

/**
 * POST /api/v1/documents: one document, all or nothing. Identity is (subsidiary, type, docno). New → created.
 * The same content again → unchanged, nothing written. Changed content of a document nobody has acted on →
 * updated (a new version, audited); of one a supplier has answered, invoiced, delivered or read →
 * ConflictError with the reason. Documents enter xdocs exactly as seeded ones do, so the inbox, its counters
 * and the history (kept by triggers) see them at once.
 *
 * A new document is one statement with no transaction around it (insertNewDocuments, as the bulk path writes a
 * batch), shared with the other new documents sent meanwhile (new-document-groups.ts): with the key's and the
 * codes' look-ups, three round trips. One whose identity exists, or was created meanwhile, takes the way of a
 * known document (ingestInTransaction).
 */
export async function ingestDocument(actor: IntegrationActor, doc: IngestedDocument): Promise<IngestResult> {
  const refs = await resolveReferences(db, actor, doc);
  const [relatedXdocId] = await relatedOrderIds(db, [{ doc, refs }]);
  const hash = contentHash(doc);
  const created = await insertNewDocumentInGroup(actor, { doc, refs, hash, relatedXdocId });
  return created ?? db.transaction((tx) => ingestInTransaction(tx, actor, doc, refs, hash));
}

/** One document in the caller's transaction (the bulk path's savepoint for a document alone). */
export async function ingestInTransaction(
  tx: Tx,
  actor: IntegrationActor,
  doc: IngestedDocument,
  resolved?: ResolvedReferences,
  hash = contentHash(doc),
): Promise<IngestResult> {
  const refs = resolved ?? (await resolveReferences(tx, actor, doc));
  const subsidiaryId = refs.store.subsidiaryId;
  // The bulk path's look-ups for a batch of one (prepared statements). Two senders of a change to one document
  // wait for each other at the lock; its identity is read after it, in a later snapshot.
  const item = { doc, refs };
  await lockIdentities(tx, [item]);
  const knownNow = async () => (await knownDocuments(tx, [item])).get(identityKey(item));
  let known = await knownNow();
  const [relatedXdocId] = await relatedOrderIds(tx, [item]);
  if (!known) {
    const [created] = await insertNewDocuments(tx, actor, [{ doc, refs, hash, relatedXdocId }]);
    if (created) return created;
    // Created meanwhile by a statement that takes no lock (ingestDocument): its identity is committed now.
    known = await knownNow();
    if (!known) throw new Error(`${typeLabelOf(doc.type)} ${doc.docno} was created and removed while it was being ingested.`);
  }

  const [current] = await tx.select().from(xdocs).where(eq(xdocs.id, known.xdocId)).for('update');
  if (known.contentHash === hash)
    return { status: 'unchanged', docno: doc.docno, type: doc.type, tinyMce: current.tinyMce, version: known.version };
  const reason = await actedOnReason(tx, current);
  if (reason) throw new ConflictError(`${typeLabelOf(doc.type)} ${doc.docno} cannot be changed: ${reason}`, { docno: [reason] });
  const totals = documentTotals(doc);
  const money = { totValue: totals.incl, xdocTotalExcl: totals.excl, xdocTaxAmount: totals.tax, xdocTotalIncl: totals.incl };
  await tx
    .update(xdocs)
    .set({ ...documentColumns(doc, refs, relatedXdocId), ...money, updatedAt: sql`now()` })
    .where(eq(xdocs.id, current.id));
  await tx.execute(sql`delete from xdoc_lines where xdoc_id = ${current.id}`);
  await tx.execute(insertLinesSql(current.id, linesJson(doc, refs)));
  const version = known.version + 1;
  await tx
    .update(ingestedDocuments)
    .set({ contentHash: hash, version, integrationId: actor.integrationId, updatedAt: sql`now()` })
    .where(
      and(eq(ingestedDocuments.subsidiaryId, subsidiaryId), eq(ingestedDocuments.type, doc.type), eq(ingestedDocuments.docno, doc.docno)),
    );
  await tx.insert(auditEntries).values({
    xdocId: current.id,
    entityType: 'xdoc',
    entityId: current.id,
    action: 'updated',
    descr: `${typeLabelOf(doc.type)} ${doc.docno} updated by the retailer (version ${version})`,
    ownerUserId: null,
    ownerName: integrationDoerName(actor),
  });
  const result: IngestResult = { status: 'updated', docno: doc.docno, type: doc.type, tinyMce: current.tinyMce, version };
  await recordEvent(tx, {
    type: 'document.updated',
    subsidiaryId,
    vendorId: refs.vendorId,
    xdocId: current.id,
    data: eventData(doc, result),
  });
  return result;
}

/** Why a document may no longer be changed by its sender, or null when nobody has acted on it yet. */
async function actedOnReason(tx: Tx, doc: typeof xdocs.$inferSelect): Promise<string | null> {
  if (doc.respondedAt) return 'the supplier has already answered it.';
  if (doc.invoicingClosedAt) return 'its invoicing is already closed.';
  const [taken] = (
    await tx.execute<{ invoiced: boolean; delivered: boolean; raised: boolean }>(sql`select
      exists (select 1 from invoiced_lines where order_xdoc_id = ${doc.id}) as "invoiced",
      exists (select 1 from delivered_lines where order_xdoc_id = ${doc.id}) as "delivered",
      exists (select 1 from xdocs where related_xdoc_id = ${doc.id} and xdoc_type_code = 'invoice') as "raised"`)
  ).rows;
  if (taken.invoiced || taken.raised) return 'the supplier has already invoiced it.';
  if (taken.delivered) return 'the supplier has already delivered against it.';
  if (doc.isRead && doc.xdocTypeCode !== 'order') return 'the supplier has already read it.';
  return null;
}

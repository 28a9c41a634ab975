import { and, eq, sql } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { auditEntries, ingestedDocuments, xdocs } from '../../../db/schema';
import { integrationDoerName, type IntegrationActor } from '../../auth/integration-actor';
import { ConflictError } from '../errors';
import { recordEvent } from '../integrations/record-event';
import { contentHash } from './content-hash';
import { resolveReferences } from './references';
import { documentColumns, eventData, insertLinesSql, linesJson, typeLabelOf } from './document-rows';
import { insertNewDocuments } from './insert-new-documents';
import type { IngestedDocument, IngestResult } from './schemas';
import { documentTotals } from './totals';

/**
 * POST /api/v1/documents: one document, all or nothing, in one transaction (used by bulk per line too).
 * Identity is (subsidiary, type, docno). New → created. The same content again → unchanged, nothing
 * written. Changed content of a document nobody has acted on → updated (a new version, audited); of one
 * a supplier has answered, invoiced, delivered or read → ConflictError with the reason. Documents enter
 * xdocs exactly as seeded ones do, so the inbox, its counters and the history (kept by triggers) see them at once.
 */
export async function ingestDocument(actor: IntegrationActor, doc: IngestedDocument): Promise<IngestResult> {
  return db.transaction((tx) => ingestInTransaction(tx, actor, doc));
}

export async function ingestInTransaction(tx: Tx, actor: IntegrationActor, doc: IngestedDocument): Promise<IngestResult> {
  const refs = await resolveReferences(tx, actor, doc);
  const subsidiaryId = refs.store.subsidiaryId;
  // Two senders of one new document wait for each other here, so it is created once.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ingest:${subsidiaryId}:${doc.type}:${doc.docno}`}, 0))`);
  const identity = and(
    eq(ingestedDocuments.subsidiaryId, subsidiaryId),
    eq(ingestedDocuments.type, doc.type),
    eq(ingestedDocuments.docno, doc.docno),
  );
  const [known] = await tx.select().from(ingestedDocuments).where(identity);
  const hash = contentHash(doc);
  const relatedXdocId = await relatedOrderId(tx, doc, subsidiaryId, refs.vendorId);
  // A new document is written exactly as the bulk path writes a batch of them (insert-new-documents.ts).
  if (!known) return (await insertNewDocuments(tx, actor, [{ doc, refs, hash, relatedXdocId }]))[0];

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
    .where(identity);
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

/** The order a goods-received voucher, delivery note or dispute is about, when it is known here. */
async function relatedOrderId(tx: Tx, doc: IngestedDocument, subsidiaryId: number, vendorId: number): Promise<number | null> {
  if (doc.type === 'order' || doc.type === 'return' || doc.type === 'remittance' || !doc.orderno) return null;
  const [order] = await tx
    .select({ id: xdocs.id })
    .from(xdocs)
    .where(
      and(
        eq(xdocs.docno, doc.orderno),
        eq(xdocs.xdocTypeCode, 'order'),
        eq(xdocs.subsidiaryId, subsidiaryId),
        eq(xdocs.vendorId, vendorId),
      ),
    )
    .limit(1);
  return order?.id ?? null;
}

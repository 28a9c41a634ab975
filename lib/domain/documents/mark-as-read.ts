import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { ForbiddenError } from '../errors';
import { recordAudit } from '../audit/record';
import { findVisibleDocument } from './queries';
import { documentLabel } from './summary';

export type MarkAsReadResult = { message: string; xdoc: { tinyMce: string; isRead: true } };

/**
 * PUT /xdocs/{tinyMce} {confirm: true}: takes the document out of the unread inbox lists.
 * Marking a document that is already read succeeds without a second audit entry, so a double click
 * or two users clearing the same document is harmless.
 */
export async function markDocumentAsRead(actor: Actor, key: string): Promise<MarkAsReadResult> {
  assertCan(actor, 'documents.markRead');
  const doc = await findVisibleDocument(actor.scope, key);
  if (!actor.scope.writesForVendor(doc.vendorId)) throw new ForbiddenError('You may view this document but not mark it as read.');
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(xdocs)
      .set({ isRead: true, readAt: sql`now()`, readBy: actor.userId, updatedAt: sql`now()` })
      .where(and(eq(xdocs.id, doc.id), eq(xdocs.isRead, false), actor.scope.writableDocuments()))
      .returning({ id: xdocs.id });
    if (updated.length)
      await recordAudit(tx, actor, { xdocId: doc.id, action: 'read', descr: `${documentLabel(doc)} ${doc.docno} marked as read` });
  });
  return { message: 'Document marked as read', xdoc: { tinyMce: doc.tinyMce, isRead: true } };
}

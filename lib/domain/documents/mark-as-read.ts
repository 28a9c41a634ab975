import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { canWriteDocument, documentsWritableBy } from '../../auth/scope';
import { ForbiddenError } from '../errors';
import { recordDocumentAudit } from './audit';
import { findVisibleDocument } from './queries';
import { documentLabel } from './summary';

export type MarkAsReadResult = { message: string; xdoc: { tinyMce: string; isRead: true } };

/**
 * PUT /xdocs/{tinyMce} {confirm: true}: takes the document out of the unread inbox lists.
 * Marking a document that is already read succeeds without a second audit entry, so a double click
 * or two users clearing the same document is harmless.
 */
export async function markDocumentAsRead(actor: Actor, key: string): Promise<MarkAsReadResult> {
  const doc = await findVisibleDocument(actor, key);
  if (!canWriteDocument(actor, doc)) throw new ForbiddenError('You may view this document but not mark it as read.');
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(xdocs)
      .set({ isRead: true, readAt: sql`now()`, readBy: actor.userId, updatedAt: sql`now()` })
      .where(and(eq(xdocs.id, doc.id), eq(xdocs.isRead, false), documentsWritableBy(actor)))
      .returning({ id: xdocs.id });
    if (updated.length) await recordDocumentAudit(tx, actor, doc.id, 'read', `${documentLabel(doc)} ${doc.docno} marked as read`);
  });
  return { message: 'Document marked as read', xdoc: { tinyMce: doc.tinyMce, isRead: true } };
}

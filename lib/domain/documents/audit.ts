import { and, desc, eq } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { auditEntries, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { documentsVisibleTo } from '../../auth/scope';
import { formatDateTimeSast } from '../../exports/pdf-text';
import { findVisibleDocument } from './queries';

/** Writes one audit entry for a document; callers pass their transaction so the entry commits with the change. */
export async function recordDocumentAudit(tx: DbOrTx, actor: Actor, xdocId: number, action: string, descr: string): Promise<void> {
  await tx.insert(auditEntries).values({
    xdocId,
    entityType: 'xdoc',
    entityId: xdocId,
    action,
    descr,
    ownerUserId: actor.userId,
    ownerName: actor.name,
  });
}

export type AuditItem = {
  id: number;
  /** ISO 8601 timestamp. */
  datetime: string;
  /** DD-MM-YYYY HH:mm in South African time (spec §9), whatever the server's time zone. */
  time: string;
  owner: { name: string };
  descr: { action: string; descr: string; owner: { name: string } };
};

/** GET /xdocs/{id}/audit: what happened to a document, newest first. */
export async function listDocumentAudit(actor: Actor, key: string): Promise<{ audit: AuditItem[] }> {
  const doc = await findVisibleDocument(actor, key);
  const rows = await db
    .select({
      id: auditEntries.id,
      action: auditEntries.action,
      descr: auditEntries.descr,
      ownerName: auditEntries.ownerName,
      createdAt: auditEntries.createdAt,
    })
    .from(auditEntries)
    .innerJoin(xdocs, eq(xdocs.id, auditEntries.xdocId))
    .where(and(eq(auditEntries.xdocId, doc.id), documentsVisibleTo(actor)))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id));
  return {
    audit: rows.map((r) => ({
      id: r.id,
      datetime: r.createdAt.toISOString(),
      time: formatDateTimeSast(r.createdAt),
      owner: { name: r.ownerName },
      descr: { action: r.action, descr: r.descr, owner: { name: r.ownerName } },
    })),
  };
}

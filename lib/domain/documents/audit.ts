import { and, desc, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { auditEntries, xdocs } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { formatDateTime } from '../../format/dates';
import { findVisibleDocument } from './queries';

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
export async function listDocumentAudit(scope: Scope, key: string): Promise<{ audit: AuditItem[] }> {
  const doc = await findVisibleDocument(scope, key);
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
    .where(and(eq(auditEntries.xdocId, doc.id), scope.documents()))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id));
  return {
    audit: rows.map((r) => ({
      id: r.id,
      datetime: r.createdAt.toISOString(),
      time: formatDateTime(r.createdAt),
      owner: { name: r.ownerName },
      descr: { action: r.action, descr: r.descr, owner: { name: r.ownerName } },
    })),
  };
}

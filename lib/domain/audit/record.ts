import type { DbOrTx } from '../../../db/client';
import { auditEntries, userActivities } from '../../../db/schema';
import type { AuditAction } from '../../vocabulary/audit-actions';
import type { Activity } from './activities';

/** Who did it: a signed-in actor, or a user known before a session exists (sign-in, password reset). */
export type Doer = { userId: number; name?: string; email: string };

export type AuditEntry = {
  /** The document it concerns, if any: its audit trail (GET /xdocs/{id}/audit) shows the entry. */
  xdocId?: number;
  /** What else it concerns, e.g. 'user' 12, 'item_change' 7; a document's own entries use 'xdoc'. */
  entityType?: string;
  entityId?: number;
  /** One of lib/vocabulary's audit actions, so every action written has its words on the audit screen. */
  action: AuditAction;
  descr: string;
};

/**
 * Writes one audit entry. Callers pass their transaction, so the entry commits with the change it
 * describes or not at all.
 */
export async function recordAudit(tx: DbOrTx, doer: Doer & { name: string }, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, doer, [entry]);
}

/** Writes many audit entries of one doer in one statement (bulk approvals), inside the caller's transaction. */
export async function recordAudits(tx: DbOrTx, doer: Doer & { name: string }, entries: readonly AuditEntry[]): Promise<void> {
  // Chunked: one statement may bind at most 65,535 parameters (7 per entry).
  for (let start = 0; start < entries.length; start += AUDIT_CHUNK) await insertAudits(tx, doer, entries.slice(start, start + AUDIT_CHUNK));
}

const AUDIT_CHUNK = 5000;

async function insertAudits(tx: DbOrTx, doer: Doer & { name: string }, entries: readonly AuditEntry[]): Promise<void> {
  await tx.insert(auditEntries).values(
    entries.map((entry) => ({
      xdocId: entry.xdocId ?? null,
      entityType: entry.entityType ?? (entry.xdocId ? 'xdoc' : 'other'),
      entityId: entry.entityId ?? entry.xdocId ?? null,
      action: entry.action,
      descr: entry.descr,
      ownerUserId: doer.userId,
      ownerName: doer.name,
    })),
  );
}

/** Records a user's activity (who, when, what, from where), inside the caller's transaction. */
export async function recordActivity(
  tx: DbOrTx,
  doer: Doer | { userId: null; email: string },
  activity: Activity,
  { detail, ip }: { detail?: Record<string, unknown>; ip?: string } = {},
): Promise<void> {
  await tx.insert(userActivities).values({ userId: doer.userId, userEmail: doer.email, activity, detail: detail ?? null, ip: ip ?? null });
}

import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { auditEntries, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { laravelPage, offsetOf, pageParam, pageSizeParam, type LaravelPage } from '../paging';
import { escapeLike, isoDate } from '../query-text';

const text = (name: string, max = 100) => z.string().trim().max(max, `${name} may be at most ${max} characters.`);

/** GET /audit/entries filters (the audit screen of spec §2): who, what, when, which document. */
export const auditFilterSchema = z
  .object({
    owner: text('owner').optional(),
    action: text('action', 50).optional(),
    entity_type: text('entity_type', 50).optional(),
    docno: text('docno', 50).optional(),
    date_from: isoDate('date_from').optional(),
    date_to: isoDate('date_to').optional(),
    pageLimit: pageSizeParam('pageLimit', 25, 250),
    page: pageParam(),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    path: ['date_to'],
    message: 'The to date is before the from date.',
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Spec §3 audit entry (time, owner.name, descr), with what it concerns. */
export type AuditListEntry = {
  id: number;
  time: string;
  owner: { id: number | null; name: string };
  action: string;
  descr: string;
  entity_type: string;
  entity_id: number | null;
  docno: string | null;
};

/** GET /audit/entries: audit entries across the portal, newest first, as `entries` (a Laravel-style page). */
export async function listAuditEntries(actor: Actor, filter: AuditFilter): Promise<{ entries: LaravelPage<AuditListEntry> }> {
  assertCan(actor, 'audit.read');
  const like = (value: string) => `%${escapeLike(value)}%`;
  const where = and(
    actor.scope.auditEntries(),
    filter.owner ? ilike(auditEntries.ownerName, like(filter.owner)) : undefined,
    filter.action ? eq(auditEntries.action, filter.action) : undefined,
    filter.entity_type ? eq(auditEntries.entityType, filter.entity_type) : undefined,
    filter.docno ? ilike(xdocs.docno, like(filter.docno)) : undefined,
    filter.date_from ? gte(auditEntries.createdAt, sql`${filter.date_from}::date`) : undefined,
    filter.date_to ? lt(auditEntries.createdAt, sql`${filter.date_to}::date + 1`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: auditEntries, docno: xdocs.docno })
      .from(auditEntries)
      .leftJoin(xdocs, eq(xdocs.id, auditEntries.xdocId))
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(filter.pageLimit)
      .offset(offsetOf(filter.page, filter.pageLimit)),
    db.select({ total: count() }).from(auditEntries).leftJoin(xdocs, eq(xdocs.id, auditEntries.xdocId)).where(where),
  ]);
  const entries = rows.map(({ entry, docno }) => ({
    id: entry.id,
    time: entry.createdAt.toISOString(),
    owner: { id: entry.ownerUserId, name: entry.ownerName },
    action: entry.action,
    descr: entry.descr,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    docno,
  }));
  return { entries: laravelPage(entries, filter.pageLimit, filter.page, total) };
}

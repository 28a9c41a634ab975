import { and, count, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { auditEntries, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { laravelPage, offsetOf } from '../paging';
import { escapeLike } from '../query-text';
import { orderBySql, type SortColumns } from '../sorting';
import type { AUDIT_SORT_KEYS, AuditEntries, AuditFilter } from './schemas';

const SORTS: SortColumns<(typeof AUDIT_SORT_KEYS)[number]> = {
  time: auditEntries.createdAt,
  owner: auditEntries.ownerName,
  action: auditEntries.action,
};

/** GET /audit/entries: audit entries across the portal, newest first, as `entries` (a Laravel-style page). */
export async function listAuditEntries(actor: Actor, filter: AuditFilter): Promise<AuditEntries> {
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
      .orderBy(
        orderBySql(filter, SORTS, {
          tiebreak: auditEntries.id,
          defaultOrder: sql`${auditEntries.createdAt} desc, ${auditEntries.id} desc`,
        }),
      )
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

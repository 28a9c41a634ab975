import { and, count, eq, ilike, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges, uploadedFiles, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { laravelPage, offsetOf } from '../paging';
import { escapeLike } from '../query-text';
import { certificateStatusSql, hasCertificateStatus } from './certificate';
import { orderBySql } from '../sorting';
import { MANAGED_VENDORS_PER_PAGE, type ManagedVendorFilter } from './schemas';

export { MANAGED_VENDORS_PER_PAGE };
export const VENDOR_UPDATE_EVENT = 'vendor.update';

const contains = (text: string) => `%${escapeLike(text)}%`;

// Drizzle writes a column in a select list without its table ("id"), which a subquery would read as its own.
export const VENDOR_ID = sql.raw('"vendors"."id"');

/** A vendor's data change waiting for approval (issue 13 applies it). */
export const pendingUpdateOf = (vendorId: unknown) =>
  sql`exists (select 1 from ${masterdataChanges} m where m.vendor_id = ${vendorId} and m.event_type = ${VENDOR_UPDATE_EVENT} and m.status in ('pending', 'processing'))`;

// The expiry is a yyyy-mm-dd text in the vendor's data, so it sorts as the date it is.
const MANAGED_VENDOR_SORTS = { code: vendors.code, name: vendors.name, bbbee_expiry: sql`${vendors.vendordata}->>'bbbeeExpiry'` };

/** GET /vendors/user: the vendors the actor may manage, with the certificate (its file and status) and any pending change. */
export async function listManagedVendors(actor: Actor, f: ManagedVendorFilter) {
  const where = and(
    actor.scope.vendors(),
    f.code ? ilike(vendors.code, contains(f.code)) : undefined,
    f.name ? ilike(vendors.name, contains(f.name)) : undefined,
    f.certificate ? hasCertificateStatus(f.certificate) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: vendors.id,
        code: vendors.code,
        name: vendors.name,
        vendordata: vendors.vendordata,
        bbbee_file_id: vendors.bbbeeFileId,
        // The certificate's name, for the link that opens it (GET /files/{id}/download).
        bbbee_file_name: uploadedFiles.fileName,
        certificate_status: certificateStatusSql,
        pending_update: pendingUpdateOf(VENDOR_ID).mapWith(Boolean),
      })
      .from(vendors)
      .leftJoin(uploadedFiles, eq(uploadedFiles.id, vendors.bbbeeFileId))
      .where(where)
      .orderBy(orderBySql(f, MANAGED_VENDOR_SORTS, { tiebreak: vendors.id, defaultOrder: sql`${vendors.code} asc` }))
      .limit(f.pageLimit)
      .offset(offsetOf(f.page, f.pageLimit)),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return { vendors: laravelPage(rows, f.pageLimit, f.page, total) };
}

import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '../../../db/client';
import { itemChanges, masterdataChanges, pricingChanges, uploadedFiles, users, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/permissions';
import { laravelPage, offsetOf, type LaravelPage } from '../paging';
import { escapeLike } from '../query-text';
import { readableVendorChange, type FileRef, type ReadableField } from './readable-change';
import { orderBySql } from '../sorting';
import type { HistoryFilter } from './schemas';

export type HistoryRow = {
  id: number;
  process_id: string;
  event_type: string;
  status: string;
  reason: string | null;
  vendor: { id: number; code: string; name: string } | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  /** A vendor-data change as labelled lines, old beside new, its certificate as files to open; null for uploads. */
  fields: ReadableField[] | null;
  /** Upload records: how many of the process's item or pricing changes still wait. */
  pending_changes: number;
  requested_by: string | null;
  decided_by: string | null;
  created_at: string;
  decided_at: string | null;
};

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const pendingOfProcess = sql<number>`(case ${masterdataChanges.eventType}
  when 'items.upload' then (select count(*) from ${itemChanges} where ${itemChanges.processId} = ${masterdataChanges.processId} and ${itemChanges.status} = 'pending')
  when 'pricing.upload' then (select count(*) from ${pricingChanges} where ${pricingChanges.processId} = ${masterdataChanges.processId} and ${pricingChanges.status} = 'pending')
  else 0 end)::int`;

/** What a reader without the right sees of a supplier's bank details in a vendor change. */
export const BANK_DETAILS_HIDDEN = 'hidden';

/**
 * Suppliers' bank details (a vendor change's `bank`) are shown only to those who approve such changes:
 * a role with 'masterdata.bankDetails', on a change it may approve itself (its scope's approvable
 * changes); every other reader sees `bank: 'hidden'` (issue 29).
 */
function withoutBankDetails(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values || !('bank' in values)) return values;
  return { ...values, bank: BANK_DETAILS_HIDDEN };
}

function conditions(actor: Actor, filter: HistoryFilter): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    actor.scope.masterdataChanges(),
    filter.event_type ? eq(masterdataChanges.eventType, filter.event_type) : undefined,
    filter.status !== 'all' ? eq(masterdataChanges.status, filter.status) : undefined,
    pattern ? or(ilike(masterdataChanges.processId, pattern), ilike(vendors.code, pattern), ilike(vendors.name, pattern)) : undefined,
  );
}

const VENDOR_UPDATE = 'vendor.update';

const fileIdIn = (values: Record<string, unknown> | null): number | null => {
  const id = Number(values?.bbbeeFileId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The certificate a vendor-data change replaces and the one it proposes. Changes record the one they
 * replace in old_values (lib/domain/vendors/submit-vendor-update.ts); for an older change still pending
 * that is the vendor's certificate now (approval refuses a change once the vendor changed since).
 */
function certificatesOf(record: typeof masterdataChanges.$inferSelect, vendorCertificate: number | null) {
  if (record.eventType !== VENDOR_UPDATE) return { current: null, proposed: null };
  const current = fileIdIn(record.oldValues) ?? (record.status === 'pending' ? vendorCertificate : null);
  return { current, proposed: fileIdIn(record.newValues) };
}

/** The stored names of some files, by id. */
async function fileNames(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: uploadedFiles.id, name: uploadedFiles.fileName })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** GET /masterdata/history: `histories`, a Laravel-style page of master-data change records, newest first. */
export async function listHistory(actor: Actor, filter: HistoryFilter): Promise<{ histories: LaravelPage<HistoryRow> }> {
  assertCan(actor, 'masterdata.read');
  const where = conditions(actor, filter);
  const seesBank = can(actor, 'masterdata.bankDetails') ? actor.scope.approvableChanges(masterdataChanges.vendorId) : sql`false`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        record: masterdataChanges,
        vendor: { id: vendors.id, code: vendors.code, name: vendors.name },
        pending: pendingOfProcess,
        requester: requester.name,
        decider: decider.name,
        seesBank: sql<boolean>`${seesBank}`,
        vendorCertificate: vendors.bbbeeFileId,
      })
      .from(masterdataChanges)
      .leftJoin(vendors, eq(vendors.id, masterdataChanges.vendorId))
      .leftJoin(requester, eq(requester.id, masterdataChanges.requestedBy))
      .leftJoin(decider, eq(decider.id, masterdataChanges.decidedBy))
      .where(where)
      .orderBy(
        orderBySql(
          filter,
          { event_type: masterdataChanges.eventType, created_at: masterdataChanges.createdAt },
          { tiebreak: masterdataChanges.id, defaultOrder: sql`${masterdataChanges.createdAt} desc, ${masterdataChanges.id} desc` },
        ),
      )
      .limit(filter.pageLimit)
      .offset(offsetOf(filter.page, filter.pageLimit)),
    db.select({ total: count() }).from(masterdataChanges).leftJoin(vendors, eq(vendors.id, masterdataChanges.vendorId)).where(where),
  ]);
  const names = await fileNames(rows.flatMap(({ record, vendorCertificate }) => Object.values(certificatesOf(record, vendorCertificate))));
  const data = rows.map(({ record, vendor, pending, requester: r, decider: d, seesBank: bank, vendorCertificate }) => {
    const oldValues = bank ? record.oldValues : withoutBankDetails(record.oldValues);
    const newValues = bank ? record.newValues : withoutBankDetails(record.newValues);
    const certificates = certificatesOf(record, vendorCertificate);
    const fileRef = (id: number | null): FileRef | null => (id && names.has(id) ? { id, name: names.get(id)! } : null);
    return {
      id: record.id,
      process_id: record.processId,
      event_type: record.eventType,
      status: record.status,
      reason: record.reason,
      vendor: vendor?.id ? vendor : null,
      old_values: oldValues,
      new_values: newValues,
      fields:
        record.eventType === VENDOR_UPDATE
          ? readableVendorChange(oldValues, newValues, { current: fileRef(certificates.current), proposed: fileRef(certificates.proposed) })
          : null,
      pending_changes: pending,
      requested_by: r,
      decided_by: d,
      created_at: record.createdAt.toISOString(),
      decided_at: record.decidedAt?.toISOString() ?? null,
    };
  });
  return { histories: laravelPage(data, filter.pageLimit, filter.page, total) };
}

/** Whether a catalogue upload's background process (a 'processing' record) runs in the actor's scope. */
export async function isFileProcessRunning(actor: Actor): Promise<boolean> {
  const [row] = await db
    .select({ id: masterdataChanges.id })
    .from(masterdataChanges)
    .where(and(eq(masterdataChanges.status, 'processing'), actor.scope.masterdataChanges()))
    .limit(1);
  return Boolean(row);
}

/** GET /changes/verify/file: `success` true while a background file process runs (then approve and reject wait). */
export async function verifyFile(actor: Actor): Promise<{ success: boolean; message: string }> {
  assertCan(actor, 'masterdata.read');
  const running = await isFileProcessRunning(actor);
  return { success: running, message: running ? 'A background file process is in progress.' : 'No background file process is running.' };
}

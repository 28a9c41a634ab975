import { and, asc, gt, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { userVendors, users, vendors } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { XLSX_DATE_FORMAT, xlsxBuffer, xlsxDate, xlsxSheet, type XlsxColumn } from '../../exports/xlsx';
import { recordActivity } from '../audit/record';
import { keysetBatches } from '../keyset-batches';
import { VENDOR_ID } from './queries';
import { certificateStatusSql, type CertificateStatus } from './certificate';
import { CERTIFICATE_STATUS_LABELS } from '../../vocabulary';

export const VENDOR_REPORT_FILE = 'vendor_report.xlsx';
export const VENDOR_REPORT_MESSAGE = 'Vendor Report should be sent to your email within 5 minutes';
const BATCH = 1000;

type VendorReportRow = {
  code: string;
  name: string;
  level: string | null;
  expiry: string | null;
  status: CertificateStatus;
  users: number;
  emails: string | null;
};

const COLUMNS: XlsxColumn<VendorReportRow>[] = [
  { header: 'Code', width: 12, value: (r) => r.code },
  { header: 'Name', width: 32, value: (r) => r.name },
  { header: 'B-BBEE level', width: 12, value: (r) => (r.level ? Number(r.level) : null) },
  { header: 'B-BBEE expiry', width: 14, numFmt: XLSX_DATE_FORMAT, value: (r) => xlsxDate(r.expiry) },
  { header: 'Certificate', width: 24, value: (r) => CERTIFICATE_STATUS_LABELS[r.status] },
  { header: 'Linked users', width: 12, value: (r) => r.users },
  { header: 'Users (active)', width: 60, value: (r) => r.emails },
];

function vendorBatches(actor: Actor): AsyncIterable<VendorReportRow[]> {
  return keysetBatches(
    0,
    (after) =>
      db
        .select({
          id: vendors.id,
          code: vendors.code,
          name: vendors.name,
          level: sql<string | null>`${vendors.vendordata}->>'bbbeeLevel'`,
          expiry: sql<string | null>`${vendors.vendordata}->>'bbbeeExpiry'`,
          status: certificateStatusSql,
          users: sql<number>`(select count(*)::int from ${userVendors} uv where uv.vendor_id = ${VENDOR_ID})`,
          emails: sql<
            string | null
          >`(select string_agg(u.email, ', ' order by u.email) from ${userVendors} uv join ${users} u on u.id = uv.user_id where uv.vendor_id = ${VENDOR_ID} and u.deleted_at is null)`,
        })
        .from(vendors)
        .where(and(actor.scope.vendors(), gt(vendors.id, after)))
        .orderBy(asc(vendors.id))
        .limit(BATCH),
    (row) => row.id,
  );
}

/** GET /users/vendorreport: the worker builds the workbook and e-mails it (job vendor-report). */
export async function requestVendorReport(actor: Actor, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.reports');
  await db.transaction(async (tx) => {
    await enqueueInOutbox(tx, 'vendor-report', { userId: actor.userId });
    await recordActivity(tx, actor, 'export', { ip, detail: { report: VENDOR_REPORT_FILE } });
  });
  nudgeOutbox();
  return { message: VENDOR_REPORT_MESSAGE };
}

/** The vendors the actor sees, as a workbook in memory (the e-mail's attachment). */
export function buildVendorReport(actor: Actor): Promise<Buffer> {
  return xlsxBuffer([xlsxSheet('Vendors', COLUMNS, vendorBatches(actor))]);
}

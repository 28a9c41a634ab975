import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { roles, subsidiaries, users, userSubsidiaries } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { xlsxDateTime, xlsxReadable, xlsxSheet, type XlsxColumn } from '../../exports/xlsx';
import { recordActivity } from '../audit/record';
import { keysetBatches } from '../keyset-batches';
import { usersAdministeredBy } from './reach';
import { roleLabel } from '../../vocabulary';

export const CUSTOMER_REPORT_FILE = 'customer_report.xlsx';
const BATCH = 1000;

type CustomerRow = {
  name: string;
  email: string;
  role: string;
  subsidiaryCode: string;
  subsidiaryName: string;
  canRead: boolean;
  canWrite: boolean;
  deletedAt: Date | null;
  lastLogin: Date | null;
};

const COLUMNS: XlsxColumn<CustomerRow>[] = [
  { header: 'Name', width: 28, value: (r) => r.name },
  { header: 'E-mail', width: 34, value: (r) => r.email },
  { header: 'Role', width: 24, value: (r) => roleLabel(r.role) },
  { header: 'Subsidiary code', width: 16, value: (r) => r.subsidiaryCode },
  { header: 'Subsidiary', width: 28, value: (r) => r.subsidiaryName },
  { header: 'Read', width: 8, value: (r) => (r.canRead || r.canWrite ? 'yes' : 'no') },
  { header: 'Write', width: 8, value: (r) => (r.canWrite ? 'yes' : 'no') },
  { header: 'Active', width: 8, value: (r) => (r.deletedAt ? 'no' : 'yes') },
  { header: 'Last sign-in (SAST)', width: 20, value: (r) => xlsxDateTime(r.lastLogin) },
];

/** The retail users the actor administers, one row per subsidiary grant, read a batch at a time (keyset). */
function customerBatches(actor: Actor): AsyncIterable<CustomerRow[]> {
  return keysetBatches(
    { id: 0, subsidiaryId: 0 },
    (after) =>
      db
        .select({
          id: users.id,
          subsidiaryId: userSubsidiaries.subsidiaryId,
          name: users.name,
          email: users.email,
          role: roles.code,
          subsidiaryCode: subsidiaries.code,
          subsidiaryName: subsidiaries.name,
          canRead: userSubsidiaries.canRead,
          canWrite: userSubsidiaries.canWrite,
          deletedAt: users.deletedAt,
          lastLogin: users.lastLogin,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(userSubsidiaries, eq(userSubsidiaries.userId, users.id))
        .innerJoin(subsidiaries, eq(subsidiaries.id, userSubsidiaries.subsidiaryId))
        .where(
          and(
            usersAdministeredBy(actor),
            gt(sql`(${users.id}, ${userSubsidiaries.subsidiaryId})`, sql`(${after.id}, ${after.subsidiaryId})`),
          ),
        )
        .orderBy(asc(users.id), asc(userSubsidiaries.subsidiaryId))
        .limit(BATCH),
    (row) => ({ id: row.id, subsidiaryId: row.subsidiaryId }),
  );
}

/** GET /users/customerreport: customer_report.xlsx, streamed as it is written. */
export async function customerReport(actor: Actor, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.reports');
  await recordActivity(db, actor, 'export', { ip, detail: { report: CUSTOMER_REPORT_FILE } });
  return xlsxReadable([xlsxSheet('Customers', COLUMNS, customerBatches(actor))]);
}

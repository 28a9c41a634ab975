import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { bbbeeExpiryNotices, roles, users, userVendors, vendors } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import { ROLE_CODES, roleCan, roleKind } from '../../auth/permissions';
import { BBBEE_EXPIRY_CODE } from '../preferences/codes';
import { EXPIRY_WARNING_DAYS, expirySql } from './certificate';
import { formatDateDashes } from '../../format/dates';
import { SOUTH_AFRICAN_TODAY } from '../south-african-today';

/**
 * The worker's sweep: for every certificate that expires within 30 days and has not been reminded
 * yet, a notice row and an e-mail to each active supplier user of the vendor who manages its data, in one transaction.
 * The notice's key (vendor, expiry date) makes it once per certificate, however often the sweep runs;
 * a renewed certificate (a new expiry date) is reminded again in its turn. Answers how many were reminded.
 */
/** The supplier roles that manage their vendors' data: the certificate reminder goes to them. */
const VENDOR_MANAGER_ROLES = ROLE_CODES.filter((code) => roleKind(code) === 'vendor' && roleCan(code, 'vendors.manage'));

export async function remindExpiringCertificates(): Promise<number> {
  const reminded = await db.transaction(async (tx) => {
    const notices = await tx
      .insert(bbbeeExpiryNotices)
      .select(
        tx
          .select({ vendorId: vendors.id, expiry: sql<string>`${expirySql}`.as('expiry'), sentAt: sql<Date>`now()`.as('sent_at') })
          .from(vendors)
          .where(sql`${expirySql} between ${SOUTH_AFRICAN_TODAY} and ${SOUTH_AFRICAN_TODAY} + ${sql.raw(String(EXPIRY_WARNING_DAYS))}`),
      )
      .onConflictDoNothing()
      .returning({ vendorId: bbbeeExpiryNotices.vendorId, expiry: bbbeeExpiryNotices.expiry });
    for (const notice of notices) {
      const admins = await tx
        .select({ email: users.email, name: users.name, vendorCode: vendors.code, vendorName: vendors.name })
        .from(userVendors)
        .innerJoin(users, eq(users.id, userVendors.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
        .where(and(eq(userVendors.vendorId, notice.vendorId), inArray(roles.code, VENDOR_MANAGER_ROLES), isNull(users.deletedAt)));
      for (const admin of admins) {
        await enqueueInOutbox(tx, 'send-email', {
          to: admin.email,
          code: BBBEE_EXPIRY_CODE,
          template: 'notification',
          data: {
            subject: `B-BBEE certificate of ${admin.vendorCode} expires on ${formatDateDashes(notice.expiry)}`,
            lines: [
              `Hello ${admin.name},`,
              `The B-BBEE certificate of ${admin.vendorName} (${admin.vendorCode}) expires on ${formatDateDashes(notice.expiry)}.`,
              'Please upload the renewed certificate under Vendors in the Trade Portal before then.',
            ],
          },
        });
      }
    }
    return notices.length;
  });
  if (reminded) nudgeOutbox();
  return reminded;
}

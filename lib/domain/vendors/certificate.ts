import { sql, type SQL } from 'drizzle-orm';
import { vendors } from '../../../db/schema';
import { SOUTH_AFRICAN_TODAY } from '../south-african-today';

/** A B-BBEE certificate counts as soon-expiring this many days before its expiry date; the reminder goes then. */
export const EXPIRY_WARNING_DAYS = 30;

export type CertificateStatus = 'none' | 'valid' | 'expiring' | 'expired';
export const CERTIFICATE_STATUSES: readonly CertificateStatus[] = ['none', 'valid', 'expiring', 'expired'];

/** The certificate's expiry date kept in vendordata (yyyy-mm-dd), as SQL. */
export const expirySql = sql`(case when ${vendors.vendordata}->>'bbbeeExpiry' ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${vendors.vendordata}->>'bbbeeExpiry')::date end)`;

/** The status of each vendor's certificate on South Africa's today. */
export const certificateStatusSql = sql<CertificateStatus>`(case
  when ${expirySql} is null then 'none'
  when ${expirySql} < ${SOUTH_AFRICAN_TODAY} then 'expired'
  when ${expirySql} <= ${SOUTH_AFRICAN_TODAY} + ${sql.raw(String(EXPIRY_WARNING_DAYS))} then 'expiring'
  else 'valid' end)`;

export const hasCertificateStatus = (status: CertificateStatus): SQL => sql`${certificateStatusSql} = ${status}`;

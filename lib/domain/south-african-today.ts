import { sql } from 'drizzle-orm';
import { PORTAL_TIME_ZONE } from '../format/dates';

/**
 * Today's date in South Africa inside a query: the SQL twin of todayInSouthAfrica (lib/format/dates.ts).
 * PostgreSQL's current_date is the session's zone's date (UTC on most servers), which from midnight to
 * 02:00 SAST is still yesterday, so a certificate would expire or a reminder fall due a day late.
 */
export const SOUTH_AFRICAN_TODAY = sql.raw(`(now() at time zone '${PORTAL_TIME_ZONE}')::date`);

import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { userActivities } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { ACTIVITIES } from '../audit/activities';
import { laravelPage, offsetOf, pageParam } from '../paging';
import { escapeLike, isoDate } from '../query-text';

export const ACTIVITY_PER_PAGE = 50;

/** The filters of /users/activity (spec §2), read from and written to the query string. */
export const activityFilterSchema = z
  .object({
    activity: z.enum(ACTIVITIES, { message: 'Unknown activity.' }).optional(),
    user_email: z.string().trim().toLowerCase().max(200, 'user_email is too long.').optional(),
    date_from: isoDate('date_from').optional(),
    date_to: isoDate('date_to').optional(),
    page: pageParam(),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    message: 'date_from must be on or before date_to.',
    path: ['date_from'],
  });
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/*
 * user_email matches from its start, in any case ('thandi' finds thandi.nkosi@…): a range on
 * lower(user_email), which user_activities_email_lower_idx serves (migration of issue 11); the activity
 * filter and the dates use the (activity, created_at) and (created_at) indexes. Pages are newest first.
 */
function conditions(f: ActivityFilter) {
  return and(
    f.activity ? eq(userActivities.activity, f.activity) : undefined,
    f.user_email ? sql`lower(${userActivities.userEmail}) like ${`${escapeLike(f.user_email)}%`}` : undefined,
    f.date_from ? gte(userActivities.createdAt, sql`${f.date_from}::date`) : undefined,
    f.date_to ? lt(userActivities.createdAt, sql`${f.date_to}::date + 1`) : undefined,
  );
}

/** GET /users/activity: who did what, when and from which address, newest first. */
export async function listActivity(actor: Actor, f: ActivityFilter) {
  assertCan(actor, 'users.activity');
  const where = conditions(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: userActivities.id,
        user_email: userActivities.userEmail,
        activity: userActivities.activity,
        detail: userActivities.detail,
        ip: userActivities.ip,
        created_at: userActivities.createdAt,
      })
      .from(userActivities)
      .where(where)
      .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
      .limit(ACTIVITY_PER_PAGE)
      .offset(offsetOf(f.page, ACTIVITY_PER_PAGE)),
    db.select({ total: count() }).from(userActivities).where(where),
  ]);
  return { ...laravelPage(rows, ACTIVITY_PER_PAGE, f.page, total), activities: ACTIVITIES };
}

import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { userActivities } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { ACTIVITIES } from '../audit/activities';
import { laravelPage, offsetOf } from '../paging';
import { orderBySql, type SortColumns } from '../sorting';
import { escapeLike } from '../query-text';
import { ACTIVITY_PER_PAGE, ACTIVITY_SORT_KEYS, activityFilterSchema, type ActivityFilter } from './activity-schemas';

export { ACTIVITY_PER_PAGE, ACTIVITY_SORT_KEYS, activityFilterSchema, type ActivityFilter };

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

const SORTS: SortColumns<(typeof ACTIVITY_SORT_KEYS)[number]> = {
  time: userActivities.createdAt,
  user_email: userActivities.userEmail,
  activity: userActivities.activity,
};

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
      .orderBy(
        orderBySql(f, SORTS, {
          tiebreak: userActivities.id,
          defaultOrder: sql`${userActivities.createdAt} desc, ${userActivities.id} desc`,
        }),
      )
      .limit(f.pageLimit)
      .offset(offsetOf(f.page, f.pageLimit)),
    db.select({ total: count() }).from(userActivities).where(where),
  ]);
  return { ...laravelPage(rows, f.pageLimit, f.page, total), activities: ACTIVITIES };
}

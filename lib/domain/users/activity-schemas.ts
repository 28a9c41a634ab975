import { z } from 'zod';
import { ACTIVITIES } from '../audit/activities';
import { pageParam, pageSizeParam } from '../paging';
import { isoDate } from '../query-text';
import { sortParams } from '../sorting';

export const ACTIVITY_PER_PAGE = 50;

/** The columns the activity list sorts by on the server (lib/domain/sorting.ts); none means newest first. */
export const ACTIVITY_SORT_KEYS = ['time', 'user_email', 'activity'] as const;

/** The filters of /users/activity (spec §2), read from and written to the query string. */
export const activityFilterSchema = z
  .object({
    activity: z.enum(ACTIVITIES, { message: 'Unknown activity.' }).optional(),
    user_email: z.string().trim().toLowerCase().max(200, 'user_email is too long.').optional(),
    date_from: isoDate('date_from').optional(),
    date_to: isoDate('date_to').optional(),
    page: pageParam(),
    pageLimit: pageSizeParam('pageLimit', ACTIVITY_PER_PAGE, 250),
    ...sortParams(ACTIVITY_SORT_KEYS),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    message: 'date_from must be on or before date_to.',
    path: ['date_from'],
  });
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

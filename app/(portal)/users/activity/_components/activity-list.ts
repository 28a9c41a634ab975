import type { Answered } from '@/components/lists/first-page';
import { defineList, textFilters } from '@/components/lists/list-spec';
import { pagerOf } from '@/lib/domain/paging';
import type { listActivity } from '@/lib/domain/users/activity';
import { ACTIVITY_SORT_KEYS } from '@/lib/domain/users/activity-schemas';

/** GET /users/activity as JSON carries it (dates as strings). */
export type ActivityAnswer = Answered<Awaited<ReturnType<typeof listActivity>>>;
export type ActivityRow = ActivityAnswer['data'][number];

/** The user-activity list: its filters, sorts and page size in the address, 50 rows a page as the server's default. */
export const ACTIVITY_LIST = defineList({
  endpoint: '/users/activity',
  filters: textFilters('activity', 'user_email', 'date_from', 'date_to'),
  sortKeys: ACTIVITY_SORT_KEYS,
  defaultPageSize: 50,
  read: (answer: ActivityAnswer) => ({ rows: answer.data as readonly ActivityRow[], pager: pagerOf(answer) }),
});

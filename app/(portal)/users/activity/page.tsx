import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { activityFilterSchema, listActivity } from '@/lib/domain/users/activity';
import { ACTIVITIES } from '@/lib/domain/audit/activities';
import { PageTable } from '@/components/lists/page-table';
import { queryParams } from '@/components/lists/query-filter-form';
import { DateText } from '@/components/ui/date-text';
import { ACTIVITY_PATH as PATH, ActivityFilterForm } from './_components/activity-filters';

export const metadata = { title: 'User activity' };

const FILTERS = ['activity', 'user_email', 'date_from', 'date_to'] as const;
type Params = Partial<Record<(typeof FILTERS)[number] | 'page', string>>;

/**
 * /users/activity: the filters live in the query string (spec §2). Changing one loads the page with
 * the filters in the address (activity-filters.tsx), so a reload or a pasted link shows the same list.
 */
export default async function UserActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'users.activity')) notFound();
  const raw = await searchParams;
  const params: Params = queryParams(raw, [...FILTERS, 'page']);
  const parsed = activityFilterSchema.safeParse(params);
  const page = parsed.success ? await listActivity(actor, parsed.data) : null;
  const problem = parsed.success ? null : parsed.error.issues[0]?.message;

  return (
    <section>
      <header className="page__header">
        <h1 className="page__title">User activity</h1>
      </header>
      <ActivityFilterForm params={params} activities={ACTIVITIES} />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {page ? (
        <PageTable
          caption={`${page.total} activities`}
          headers={['When (SAST)', 'User', 'Activity', 'Detail', 'Address']}
          emptyText="No activity matches these filters."
          page={page}
          path={PATH}
          params={params}
          rows={page.data.map((row) => (
            <tr key={row.id}>
              <td>
                <DateText value={row.created_at} format="datetime" />
              </td>
              <td>{row.user_email}</td>
              <td>{row.activity}</td>
              <td>{row.detail ? JSON.stringify(row.detail) : ''}</td>
              <td>{row.ip ?? ''}</td>
            </tr>
          ))}
        />
      ) : null}
    </section>
  );
}

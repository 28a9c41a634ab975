import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { activityFilterSchema, listActivity } from '@/lib/domain/users/activity';
import { ACTIVITIES } from '@/lib/domain/audit/activities';
import { PageTable } from '@/components/lists/page-table';
import { QueryFilterForm, queryParams } from '@/components/lists/query-filter-form';
import { hrefWithPage } from '@/components/lists/laravel-pager';
import { DateText } from '@/components/ui/date-text';

export const metadata = { title: 'User activity' };

const FILTERS = ['activity', 'user_email', 'date_from', 'date_to'] as const;
type Params = Partial<Record<(typeof FILTERS)[number] | 'page', string>>;

const PATH = '/users/activity';
const without = (params: Params, key: keyof Params) => hrefWithPage(PATH, { ...params, [key]: undefined }, 1);

/**
 * /users/activity: the filters live in the query string (spec §2). The form is a plain GET form, so
 * changing a filter loads the page with the filters in the address, and a reload or a pasted link
 * shows the same list; each date has its own clear link, and reset clears them all.
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
      <QueryFilterForm
        action={PATH}
        label="Activity filters"
        params={params}
        text={[['user_email', 'User e-mail']]}
        after={
          <Link className="btn btn--ghost" href={PATH}>
            Reset
          </Link>
        }
      >
        <label className="field">
          <span className="field__label">Activity</span>
          <select name="activity" defaultValue={params.activity ?? ''}>
            <option value="">All</option>
            {ACTIVITIES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {(['date_from', 'date_to'] as const).map((key) => (
          <label className="field" key={key}>
            <span className="field__label">{key === 'date_from' ? 'From' : 'To'}</span>
            <input name={key} type="date" defaultValue={params[key] ?? ''} />
            {params[key] ? (
              <Link className="link" href={without(params, key)}>
                Clear {key === 'date_from' ? 'from' : 'to'} date
              </Link>
            ) : null}
          </label>
        ))}
      </QueryFilterForm>
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

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { activityFilterSchema, listActivity } from '@/lib/domain/users/activity';
import { ACTIVITIES } from '@/lib/domain/audit/activities';
import { Pagination } from '@/components/lists/pagination';
import { hrefWithPage, pagerOfPage } from '@/components/lists/laravel-pager';
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
  const params: Params = Object.fromEntries(
    [...FILTERS, 'page'].map((k) => [k, typeof raw[k] === 'string' && raw[k] ? raw[k] : undefined]),
  );
  const parsed = activityFilterSchema.safeParse(params);
  const page = parsed.success ? await listActivity(actor, parsed.data) : null;
  const problem = parsed.success ? null : parsed.error.issues[0]?.message;

  return (
    <section>
      <header className="page__header">
        <h1 className="page__title">User activity</h1>
      </header>
      <form method="get" action={PATH} className="card toolbar" aria-label="Activity filters">
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
        <label className="field">
          <span className="field__label">User e-mail</span>
          <input name="user_email" type="search" defaultValue={params.user_email ?? ''} />
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
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
        <Link className="btn btn--ghost" href={PATH}>
          Reset
        </Link>
      </form>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {page ? (
        <div className="card table-wrap">
          <table className="table">
            <caption className="muted">{page.total} activities</caption>
            <thead>
              <tr>
                <th>When</th>
                <th>User</th>
                <th>Activity</th>
                <th>Detail</th>
                <th>Address</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
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
              {page.data.length ? null : (
                <tr className="table__empty">
                  <td colSpan={5}>No activity matches these filters.</td>
                </tr>
              )}
            </tbody>
          </table>
          <Pagination resultPager={pagerOfPage(page)} hrefForPage={(n) => hrefWithPage(PATH, params, n)} />
        </div>
      ) : null}
    </section>
  );
}

import { sql } from 'drizzle-orm';
import { queryPrepared } from '../../../db/client';
import { listVersions } from '../../../db/schema';
import type { Actor } from '../../auth/actor';

/*
 * Inbox pages are read far more often than the documents behind them change: a supplier's staff page
 * through the same lists all day. A page is kept per web process with the sum of the version counters
 * (list_versions, migration 0005) of the vendors it covers plus row 0 (stores, subsidiaries, vendors),
 * read before the page was computed. Triggers bump a counter in the same transaction as any change to
 * those documents, their lines or the reference rows, and counters only grow, so an unchanged sum
 * proves that no change has committed since: the kept page is what the query would answer now.
 * A changed sum recomputes. INBOX_PAGE_CACHE=off turns this off (the benchmark measures both).
 * Kept pages are shared between requests: callers must treat them as read-only.
 */
const MAX_PAGES = 300;
const pages = new Map<string, { token: number; page: unknown }>();
const enabled = () => process.env.INBOX_PAGE_CACHE !== 'off';

/** Vendors whose documents a page of this actor can show; null for every vendor. */
function vendorsOf(actor: Actor): number[] | null {
  return actor.scope.kind === 'vendors' ? actor.scope.read : null;
}

async function versionToken(vendors: number[] | null): Promise<number> {
  const covered = vendors ? sql`${listVersions.vendorId} = any(${sql.param([0, ...vendors])}::int[])` : sql`true`;
  const [row] = await queryPrepared<{ token: string | number }>(
    sql`select coalesce(sum(${listVersions.version}), 0) as token from ${listVersions} where ${covered}`,
  );
  return Number(row.token);
}

/**
 * The page `compute` answers for this list, filter and actor's scope, from memory when it is provably
 * unchanged. `list` names the list (its base conditions); `filter` is the parsed query.
 */
export async function cachedInboxPage<T>(actor: Actor, list: string, filter: object, compute: () => Promise<T>): Promise<T> {
  if (!enabled()) return compute();
  const vendors = vendorsOf(actor);
  const scope = vendors
    ? [...vendors].sort((a, b) => a - b).join(',')
    : actor.scope.kind === 'subsidiaries'
      ? `s:${actor.scope.read.join(',')}`
      : '*';
  const key = `${list}|${scope}|${JSON.stringify(filter)}`;
  const token = await versionToken(vendors);
  const kept = pages.get(key);
  if (kept && kept.token === token) {
    pages.delete(key);
    pages.set(key, kept);
    return kept.page as T;
  }
  // Frozen: shared between requests, and marked read-only for lib/http/errors.ts (serialised once).
  const page = Object.freeze(await compute());
  pages.delete(key);
  pages.set(key, { token, page });
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  return page;
}

import { pool } from '@/db/client';

/**
 * The user-activity filters answer from indexes (issue 11: a filtered page at 1,000,000 rows). The test
 * table is small, so sequential scans are switched off: what matters is that an index fits each filter's
 * predicate at all, which is what the planner then chooses at scale.
 */
afterAll(() => pool.end());

async function plan(where: string, params: unknown[]): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain select id from user_activities where ${where} order by created_at desc, id desc limit 50`,
      params,
    );
    await client.query('rollback');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

it('filters by the start of the e-mail, in any case, on user_activities_email_lower_idx', async () => {
  expect(await plan(`lower(user_email) like $1`, ['thandi%'])).toContain('user_activities_email_lower_idx');
});

it('filters by activity and dates on the (activity, created_at) index', async () => {
  expect(await plan(`activity = $1 and created_at >= $2::date`, ['login', '2026-11-01'])).toContain('user_activities_activity_idx');
});

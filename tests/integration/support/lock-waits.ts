import { pool } from '../../../db/client';

/** Waits (up to 5 s) until one of this database's sessions waits for a lock of one of these kinds (pg_stat_activity's wait_event). */
export async function waitingOn(events: string[]): Promise<void> {
  const until = Date.now() + 5_000;
  for (;;) {
    const { rows } = await pool.query(
      `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = any($1)`,
      [events],
    );
    if (rows.length) return;
    if (Date.now() > until) throw new Error(`No session waits for a lock of ${events.join(' or ')}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

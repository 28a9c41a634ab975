import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pool } from './client';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Reads a query's rows in batches through a server-side cursor (DECLARE … CURSOR / FETCH) on a
 * connection of its own, inside one read-only transaction planned for the query's values: however many
 * rows match, the web or worker process holds one batch at a time. The caller pulls the next batch
 * when it has written the last one, which is what carries a slow reader's backpressure back to the
 * database. Breaking out of the loop (a closed download) ends the transaction and frees the connection.
 */
export async function* cursorBatches<Row>(query: SQL, batchSize = 1000): AsyncGenerator<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin read only; set local plan_cache_mode = force_custom_plan');
    await client.query({ text: `declare rows_cursor no scroll cursor for ${text}`, values: params });
    for (;;) {
      const { rows } = await client.query(`fetch ${batchSize} from rows_cursor`);
      if (rows.length) yield rows as Row[];
      if (rows.length < batchSize) break;
    }
    await client.query('commit');
  } finally {
    // A loop left early (or an error) leaves the transaction open: roll it back before the connection goes back.
    await client.query('rollback').catch(() => (broken = true));
    client.release(broken);
  }
}

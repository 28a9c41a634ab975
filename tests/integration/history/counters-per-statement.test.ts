import { pool } from '@/db/client';
import { copyDocument, uniqueTag } from '../support/fixtures';

/**
 * New documents are counted once per statement, grouped by each counter's key (migration 0030): one insert of
 * many documents of one vendor, store, day and status writes each counter row they share once, where a row
 * trigger wrote it once per document (a bulk batch's day row 500 times in one transaction), and the counters
 * still grow by every document. docs/architecture.md, "Inbox" (inbox_counts).
 */
const TAG = `CPS${uniqueTag()}`;
const DAY = '2031-05-20';
const COPIES = 40;

/** The counter rows an open purchase order of this vendor, store, subsidiary and status is counted in, summed. */
async function kept(client: import('pg').PoolClient, order: Template) {
  const { rows } = await client.query<{ inbox: number; history: number; day: number }>(
    `select (select coalesce(sum(total), 0)::int from inbox_counts where vendor_id = $1 and list = 'open_purchase' and store_id = $2) as inbox,
            (select coalesce(sum(total), 0)::int from history_counts
              where subsidiary_id = $3 and vendor_id = $1 and xdoc_type_code = 'order' and wf_status_code = $4) as history,
            (select coalesce(sum(total), 0)::int from history_day_counts where subsidiary_id = $3 and doc_date = $5) as day`,
    [order.vendorId, order.storeId, order.subsidiaryId, order.status, DAY],
  );
  return rows[0];
}

type Template = { id: number; vendorId: number; storeId: number; subsidiaryId: number; status: string };

test(`one statement of ${COPIES} new open orders of one key writes each counter row once, and counts every one`, async () => {
  const client = await pool.connect();
  try {
    const { rows: templates } = await client.query<Template>(
      `select id, vendor_id as "vendorId", store_id as "storeId", subsidiary_id as "subsidiaryId", wf_status_code as status from xdocs
        where xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code is distinct from 'return' and store_id is not null
        limit 1`,
    );
    expect(templates).toHaveLength(1);
    const [order] = templates;
    await client.query('begin');
    const before = await kept(client, order);
    await copyDocument(client, order.id, TAG, DAY, COPIES);
    // The day counter's row trigger is deferred to commit: run what is deferred now, as the commit would.
    await client.query('set constraints all immediate');
    const { rows: writes } = await client.query<{ relname: string; written: number }>(
      `select relname, (n_tup_ins + n_tup_upd)::int as written from pg_stat_xact_user_tables
        where relname in ('inbox_counts', 'history_counts', 'history_day_counts') order by relname`,
    );
    // One write for each counter: 40 each when every document upserted its rows.
    expect(writes).toEqual([
      { relname: 'history_counts', written: 1 },
      { relname: 'history_day_counts', written: 1 },
      { relname: 'inbox_counts', written: 1 },
    ]);
    const after = await kept(client, order);
    expect({ inbox: after.inbox - before.inbox, history: after.history - before.history, day: after.day - before.day }).toEqual({
      inbox: COPIES,
      history: COPIES,
      day: COPIES,
    });
  } finally {
    // Nothing is kept: the documents and what they counted go with the transaction.
    await client.query('rollback');
    client.release();
  }
});

afterAll(async () => {
  await pool.end();
});

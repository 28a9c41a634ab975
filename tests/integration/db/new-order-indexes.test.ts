import { pool } from '@/db/client';

/**
 * Which of xdocs' indexes a new open purchase order enters (migration 0031): none for a number it lacks (related
 * order, invoice, delivery note, supplier's reference) and none of the unread lists', which show delivery notes,
 * disputes and remittances only. Each index it enters costs every ingested order its upkeep (docs/benchmarks.md,
 * issue 23). The numbers' indexes still serve the look-ups that read them: an equality implies their predicate.
 */
afterAll(async () => {
  await pool.end();
});

/** The names of the indexes of xdocs whose predicate (if any) this row satisfies. */
async function indexesEnteredBy(id: number): Promise<string[]> {
  const { rows: indexes } = await pool.query<{ name: string; predicate: string | null }>(
    `select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate
       from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'xdocs'::regclass order by 1`,
  );
  const entered: string[] = [];
  for (const { name, predicate } of indexes) {
    const { rows } = await pool.query(`select 1 from xdocs where id = $1 and (${predicate ?? 'true'})`, [id]);
    if (rows.length) entered.push(name);
  }
  return entered;
}

test('a new open purchase order enters no index of a number it lacks nor of an unread list', async () => {
  const { rows } = await pool.query<{ id: number }>(
    `select id from xdocs where xdoc_type_code = 'order' and responded_at is null and is_read = false
        and xdoc_sub_type_code is distinct from 'return' and related_xdoc_id is null and invoice_number is null
        and deliverynote_number is null and response is null limit 1`,
  );
  expect(rows).toHaveLength(1);
  const entered = await indexesEnteredBy(rows[0].id);
  const needless = entered.filter((name) => /unread|related|invoice_number|deliverynote_number|supplier_ref/.test(name));
  expect(needless).toEqual([]);
  // 35 before: the six above as well.
  expect(entered.length).toBeLessThanOrEqual(29);
});

test('the numbers look-ups still read their indexes', async () => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // The test database is small enough to read whole; this asks whether the indexes can serve at all.
    await client.query('set local enable_seqscan = off');
    await client.query('set local plan_cache_mode = force_generic_plan');
    // The one-box search's condition (lib/domain/history/find-document.ts), as a prepared statement runs it.
    await client.query(`prepare find_number(text) as select id from xdocs
      where docno = $1 or orderno = $1 or invoice_number = $1 or deliverynote_number = $1 or upper(response ->> 'supplierRef') = $1`);
    const find = (await client.query(`explain (costs off) execute find_number('X1')`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    for (const index of ['xdocs_invoice_number_idx', 'xdocs_deliverynote_number_idx', 'xdocs_supplier_ref_idx']) {
      expect(find).toContain(index);
    }
    // An order's invoices (lib/domain/invoicing/queries.ts, lib/domain/history/related.ts).
    await client.query(`prepare invoices_of(bigint, text) as select id from xdocs
      where xdoc_type_code = 'invoice' and (related_xdoc_id = $1 or orderno = $2)`);
    const related = (await client.query(`explain (costs off) execute invoices_of(1, 'X1')`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(related).toContain('xdocs_related_idx');
  } finally {
    await client.query('rollback');
    await client.query('deallocate all');
    client.release();
  }
});

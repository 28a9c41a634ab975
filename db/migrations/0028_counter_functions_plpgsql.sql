-- hand-written: the two counter functions the triggers of every new document call, in PL/pgSQL instead of SQL, with
-- the same statements. A SQL function's statement is planned again at every call; PL/pgSQL keeps its plan for the
-- session. Per new document that was about 0.35 ms of planning in the history counters and 0.25 ms in the line
-- count, a fifth of what PostgreSQL spends on it (docs/benchmarks.md, issue 23).
CREATE OR REPLACE FUNCTION history_filter_counts_add(
  doc_dates date[], subsidiary_ids integer[], store_ids integer[], region_ids integer[], division_ids integer[],
  type_codes text[], status_codes text[], deltas integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH change AS (
    SELECT * FROM unnest(doc_dates, subsidiary_ids, store_ids, region_ids, division_ids, type_codes, status_codes, deltas)
      AS c(doc_date, subsidiary_id, store_id, region_id, division_id, type_code, status_code, delta)
  ), by_type_day AS (
    INSERT INTO history_type_day_counts AS h (doc_date, subsidiary_id, xdoc_type_code, wf_status_code, slot, total)
    SELECT c.doc_date, c.subsidiary_id, c.type_code, c.status_code, (txid_current() % 16)::smallint, sum(c.delta)::int FROM change c
    GROUP BY 1, 2, 3, 4 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (doc_date, subsidiary_id, xdoc_type_code, wf_status_code, slot) DO UPDATE SET total = h.total + excluded.total
  ), by_store_day AS (
    INSERT INTO history_store_day_counts AS h (store_id, region_id, division_id, subsidiary_id, doc_date, total)
    SELECT c.store_id, c.region_id, c.division_id, c.subsidiary_id, c.doc_date, sum(c.delta)::int FROM change c
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (store_id, region_id, division_id, subsidiary_id, doc_date) DO UPDATE SET total = h.total + excluded.total
  )
  INSERT INTO history_store_counts AS h (store_id, region_id, division_id, subsidiary_id, xdoc_type_code, wf_status_code, total)
  SELECT c.store_id, c.region_id, c.division_id, c.subsidiary_id, c.type_code, c.status_code, sum(c.delta)::int FROM change c
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (store_id, region_id, division_id, subsidiary_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = h.total + excluded.total;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION xdocs_line_count_recount(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE xdocs x SET line_count = c.n
    FROM (SELECT d.id, (SELECT count(DISTINCT l.line_number) FROM xdoc_lines l WHERE l.xdoc_id = d.id)::int AS n
            FROM unnest(ids) AS d(id)) c
   WHERE x.id = c.id AND x.line_count IS DISTINCT FROM c.n;
END;
$$;

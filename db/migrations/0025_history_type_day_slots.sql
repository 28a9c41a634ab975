ALTER TABLE "history_type_day_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "history_type_day_counts" DROP CONSTRAINT "history_type_day_counts_doc_date_subsidiary_id_xdoc_type_code_wf_status_code_pk";--> statement-breakpoint
ALTER TABLE "history_type_day_counts" ADD CONSTRAINT "history_type_day_counts_doc_date_subsidiary_id_xdoc_type_code_wf_status_code_slot_pk" PRIMARY KEY("doc_date","subsidiary_id","xdoc_type_code","wf_status_code","slot");--> statement-breakpoint
-- hand-written: each transaction adds to the slot of its own transaction id (modulo 16), so concurrent writers of
-- one day and subsidiary rarely wait for each other's commit; the other grains keep one row per key (a store's).
CREATE OR REPLACE FUNCTION history_filter_counts_add(
  doc_dates date[], subsidiary_ids integer[], store_ids integer[], region_ids integer[], division_ids integer[],
  type_codes text[], status_codes text[], deltas integer[]
) RETURNS void LANGUAGE sql AS $$
  WITH change AS (
    SELECT * FROM unnest(doc_dates, subsidiary_ids, store_ids, region_ids, division_ids, type_codes, status_codes, deltas)
      AS c(doc_date, subsidiary_id, store_id, region_id, division_id, type_code, status_code, delta)
  ), by_type_day AS (
    INSERT INTO history_type_day_counts AS h (doc_date, subsidiary_id, xdoc_type_code, wf_status_code, slot, total)
    SELECT doc_date, subsidiary_id, type_code, status_code, (txid_current() % 16)::smallint, sum(delta)::int FROM change
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (doc_date, subsidiary_id, xdoc_type_code, wf_status_code, slot) DO UPDATE SET total = h.total + excluded.total
  ), by_store_day AS (
    INSERT INTO history_store_day_counts AS h (store_id, region_id, division_id, subsidiary_id, doc_date, total)
    SELECT store_id, region_id, division_id, subsidiary_id, doc_date, sum(delta)::int FROM change
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (store_id, region_id, division_id, subsidiary_id, doc_date) DO UPDATE SET total = h.total + excluded.total
  )
  INSERT INTO history_store_counts AS h (store_id, region_id, division_id, subsidiary_id, xdoc_type_code, wf_status_code, total)
  SELECT store_id, region_id, division_id, subsidiary_id, type_code, status_code, sum(delta)::int FROM change
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (store_id, region_id, division_id, subsidiary_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = h.total + excluded.total;
$$;

CREATE TABLE "history_store_counts" (
	"store_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"xdoc_type_code" text NOT NULL,
	"wf_status_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "history_store_counts_store_id_region_id_division_id_subsidiary_id_xdoc_type_code_wf_status_code_pk" PRIMARY KEY("store_id","region_id","division_id","subsidiary_id","xdoc_type_code","wf_status_code")
);
--> statement-breakpoint
CREATE TABLE "history_store_day_counts" (
	"store_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"doc_date" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "history_store_day_counts_store_id_region_id_division_id_subsidiary_id_doc_date_pk" PRIMARY KEY("store_id","region_id","division_id","subsidiary_id","doc_date")
);
--> statement-breakpoint
CREATE TABLE "history_type_day_counts" (
	"doc_date" date NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"xdoc_type_code" text NOT NULL,
	"wf_status_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "history_type_day_counts_doc_date_subsidiary_id_xdoc_type_code_wf_status_code_pk" PRIMARY KEY("doc_date","subsidiary_id","xdoc_type_code","wf_status_code")
);
--> statement-breakpoint
CREATE INDEX "history_store_counts_region_idx" ON "history_store_counts" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "history_store_counts_division_idx" ON "history_store_counts" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "history_store_day_counts_region_idx" ON "history_store_day_counts" USING btree ("region_id","doc_date");--> statement-breakpoint
CREATE INDEX "history_store_day_counts_division_idx" ON "history_store_day_counts" USING btree ("division_id","doc_date");--> statement-breakpoint
-- hand-written: history_filter_counts_add applies signed counts of documents (one entry per key and its
-- delta) to the three counters, in key order so that writers meeting on the same rows take their locks in
-- one order. Statement triggers on xdocs call it once per statement with the statement's rows grouped
-- (transition tables), so a batch of a thousand documents is three upserts, not three thousand; a bulk
-- loader running with triggers off can call it per batch, or history_filter_counts_rebuild after.
CREATE OR REPLACE FUNCTION history_filter_counts_add(
  doc_dates date[], subsidiary_ids integer[], store_ids integer[], region_ids integer[], division_ids integer[],
  type_codes text[], status_codes text[], deltas integer[]
) RETURNS void LANGUAGE sql AS $$
  WITH change AS (
    SELECT * FROM unnest(doc_dates, subsidiary_ids, store_ids, region_ids, division_ids, type_codes, status_codes, deltas)
      AS c(doc_date, subsidiary_id, store_id, region_id, division_id, type_code, status_code, delta)
  ), by_type_day AS (
    INSERT INTO history_type_day_counts AS h (doc_date, subsidiary_id, xdoc_type_code, wf_status_code, total)
    SELECT doc_date, subsidiary_id, type_code, status_code, sum(delta)::int FROM change
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (doc_date, subsidiary_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = h.total + excluded.total
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
--> statement-breakpoint
-- One function for the three statement triggers: what left (old_table, -1) and what came (new_table, +1),
-- grouped by key; an update that changes none of the counted columns nets to nothing and writes nothing.
CREATE OR REPLACE FUNCTION history_filter_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date[]; sub integer[]; st integer[]; reg integer[]; dv integer[]; ty text[]; ws text[]; n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(xdoc_type_code), array_agg(wf_status_code), array_agg(c)
      INTO d, sub, st, reg, dv, ty, ws, n
      FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v, xdoc_type_code, wf_status_code, count(*)::int c
              FROM new_table GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(xdoc_type_code), array_agg(wf_status_code), array_agg(c)
      INTO d, sub, st, reg, dv, ty, ws, n
      FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v, xdoc_type_code, wf_status_code, -count(*)::int c
              FROM old_table GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
  ELSE
    SELECT array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(xdoc_type_code), array_agg(wf_status_code), array_agg(c)
      INTO d, sub, st, reg, dv, ty, ws, n
      FROM (SELECT doc_date, subsidiary_id, s, r, v, xdoc_type_code, wf_status_code, sum(c)::int c
              FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v, xdoc_type_code, wf_status_code, -1 c FROM old_table
                    UNION ALL
                    SELECT doc_date, subsidiary_id, coalesce(store_id, 0), coalesce(region_id, 0), coalesce(division_id, 0), xdoc_type_code, wf_status_code, 1 FROM new_table) moved
             GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(c) <> 0) g;
  END IF;
  IF d IS NOT NULL THEN
    PERFORM history_filter_counts_add(d, sub, st, reg, dv, ty, ws, n);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_filter_counts_insert AFTER INSERT ON xdocs
REFERENCING NEW TABLE AS new_table FOR EACH STATEMENT EXECUTE FUNCTION history_filter_counts_track();
--> statement-breakpoint
CREATE TRIGGER xdocs_history_filter_counts_update AFTER UPDATE ON xdocs
REFERENCING OLD TABLE AS old_table NEW TABLE AS new_table FOR EACH STATEMENT EXECUTE FUNCTION history_filter_counts_track();
--> statement-breakpoint
CREATE TRIGGER xdocs_history_filter_counts_delete AFTER DELETE ON xdocs
REFERENCING OLD TABLE AS old_table FOR EACH STATEMENT EXECUTE FUNCTION history_filter_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_filter_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM history_type_day_counts WHERE true;
  DELETE FROM history_store_day_counts WHERE true;
  DELETE FROM history_store_counts WHERE true;
  SELECT history_filter_counts_add(array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(xdoc_type_code), array_agg(wf_status_code), array_agg(c))
    FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v, xdoc_type_code, wf_status_code, count(*)::int c
            FROM xdocs GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
$$;
--> statement-breakpoint
SELECT history_filter_counts_rebuild();

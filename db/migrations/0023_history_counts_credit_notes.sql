-- hand-written (issue 27): the history counters count a credit note (an invoice of sub-type creditnote) under
-- its own kind, 'creditnote', in their xdoc_type_code column, so that the history's "Credit note" and
-- "Invoice" filters total exactly from the counters (lib/domain/history/totals.ts). The kind is computed
-- from the row in the triggers (an inlined expression: the work per row stays constant); the counters are
-- rebuilt once at the end (the backfill).
CREATE OR REPLACE FUNCTION history_counted_type(type_code text, sub_type_code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN type_code = 'invoice' AND sub_type_code = 'creditnote' THEN 'creditnote' ELSE type_code END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.subsidiary_id = NEW.subsidiary_id AND OLD.vendor_id = NEW.vendor_id
     AND history_counted_type(OLD.xdoc_type_code, OLD.xdoc_sub_type_code) = history_counted_type(NEW.xdoc_type_code, NEW.xdoc_sub_type_code)
     AND OLD.wf_status_code = NEW.wf_status_code THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE history_counts SET total = total - 1
     WHERE subsidiary_id = OLD.subsidiary_id AND vendor_id = OLD.vendor_id
       AND xdoc_type_code = history_counted_type(OLD.xdoc_type_code, OLD.xdoc_sub_type_code) AND wf_status_code = OLD.wf_status_code;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO history_counts (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total)
    VALUES (NEW.subsidiary_id, NEW.vendor_id, history_counted_type(NEW.xdoc_type_code, NEW.xdoc_sub_type_code), NEW.wf_status_code, 1)
    ON CONFLICT (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = history_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER xdocs_history_counts ON xdocs;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_counts
AFTER INSERT OR DELETE OR UPDATE OF subsidiary_id, vendor_id, xdoc_type_code, xdoc_sub_type_code, wf_status_code ON xdocs
FOR EACH ROW EXECUTE FUNCTION history_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM history_counts WHERE true;
  INSERT INTO history_counts (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total)
  SELECT subsidiary_id, vendor_id, history_counted_type(xdoc_type_code, xdoc_sub_type_code), wf_status_code, count(*)::int
    FROM xdocs GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_filter_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date[]; sub integer[]; st integer[]; reg integer[]; dv integer[]; ty text[]; ws text[]; n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(t), array_agg(wf_status_code), array_agg(c)
      INTO d, sub, st, reg, dv, ty, ws, n
      FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v,
                   history_counted_type(xdoc_type_code, xdoc_sub_type_code) t, wf_status_code, count(*)::int c
              FROM new_table GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
  ELSE
    SELECT array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(t), array_agg(wf_status_code), array_agg(c)
      INTO d, sub, st, reg, dv, ty, ws, n
      FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v,
                   history_counted_type(xdoc_type_code, xdoc_sub_type_code) t, wf_status_code, -count(*)::int c
              FROM old_table GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
  END IF;
  IF d IS NOT NULL THEN
    PERFORM history_filter_counts_add(d, sub, st, reg, dv, ty, ws, n);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_filter_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_filter_counts_add(
    ARRAY[OLD.doc_date, NEW.doc_date], ARRAY[OLD.subsidiary_id, NEW.subsidiary_id],
    ARRAY[coalesce(OLD.store_id, 0), coalesce(NEW.store_id, 0)], ARRAY[coalesce(OLD.region_id, 0), coalesce(NEW.region_id, 0)],
    ARRAY[coalesce(OLD.division_id, 0), coalesce(NEW.division_id, 0)],
    ARRAY[history_counted_type(OLD.xdoc_type_code, OLD.xdoc_sub_type_code), history_counted_type(NEW.xdoc_type_code, NEW.xdoc_sub_type_code)],
    ARRAY[OLD.wf_status_code, NEW.wf_status_code], ARRAY[-1, 1]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER xdocs_history_filter_counts_update ON xdocs;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_filter_counts_update
AFTER UPDATE OF doc_date, subsidiary_id, store_id, region_id, division_id, xdoc_type_code, xdoc_sub_type_code, wf_status_code ON xdocs
FOR EACH ROW
WHEN (OLD.doc_date IS DISTINCT FROM NEW.doc_date OR OLD.subsidiary_id IS DISTINCT FROM NEW.subsidiary_id
  OR OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.region_id IS DISTINCT FROM NEW.region_id
  OR OLD.division_id IS DISTINCT FROM NEW.division_id OR OLD.xdoc_type_code IS DISTINCT FROM NEW.xdoc_type_code
  OR OLD.xdoc_sub_type_code IS DISTINCT FROM NEW.xdoc_sub_type_code OR OLD.wf_status_code IS DISTINCT FROM NEW.wf_status_code)
EXECUTE FUNCTION history_filter_counts_move();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_filter_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM history_type_day_counts WHERE true;
  DELETE FROM history_store_day_counts WHERE true;
  DELETE FROM history_store_counts WHERE true;
  SELECT history_filter_counts_add(array_agg(doc_date), array_agg(subsidiary_id), array_agg(s), array_agg(r), array_agg(v), array_agg(t), array_agg(wf_status_code), array_agg(c))
    FROM (SELECT doc_date, subsidiary_id, coalesce(store_id, 0) s, coalesce(region_id, 0) r, coalesce(division_id, 0) v,
                 history_counted_type(xdoc_type_code, xdoc_sub_type_code) t, wf_status_code, count(*)::int c
            FROM xdocs GROUP BY 1, 2, 3, 4, 5, 6, 7) g;
$$;
--> statement-breakpoint
SELECT history_counts_rebuild();
--> statement-breakpoint
SELECT history_filter_counts_rebuild();

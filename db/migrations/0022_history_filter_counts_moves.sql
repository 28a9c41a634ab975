-- The history filter counters on update: a row trigger whose WHEN skips, without calling a function, every
-- update that changes none of the counted columns (reading, answering text, invoicing dates: most updates).
-- The statement trigger of 0021 ran its function and read both transition tables for each of those, which
-- measured about 1.5 ms more per single-row update on the shared 2-core machine (docs/benchmarks.md,
-- History at 10M). Inserts and deletes keep their statement triggers: a batch is one grouped upsert.
DROP TRIGGER xdocs_history_filter_counts_update ON xdocs;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_filter_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_filter_counts_add(
    ARRAY[OLD.doc_date, NEW.doc_date], ARRAY[OLD.subsidiary_id, NEW.subsidiary_id],
    ARRAY[coalesce(OLD.store_id, 0), coalesce(NEW.store_id, 0)], ARRAY[coalesce(OLD.region_id, 0), coalesce(NEW.region_id, 0)],
    ARRAY[coalesce(OLD.division_id, 0), coalesce(NEW.division_id, 0)], ARRAY[OLD.xdoc_type_code, NEW.xdoc_type_code],
    ARRAY[OLD.wf_status_code, NEW.wf_status_code], ARRAY[-1, 1]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_filter_counts_update
AFTER UPDATE OF doc_date, subsidiary_id, store_id, region_id, division_id, xdoc_type_code, wf_status_code ON xdocs
FOR EACH ROW
WHEN (OLD.doc_date IS DISTINCT FROM NEW.doc_date OR OLD.subsidiary_id IS DISTINCT FROM NEW.subsidiary_id
  OR OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.region_id IS DISTINCT FROM NEW.region_id
  OR OLD.division_id IS DISTINCT FROM NEW.division_id OR OLD.xdoc_type_code IS DISTINCT FROM NEW.xdoc_type_code
  OR OLD.wf_status_code IS DISTINCT FROM NEW.wf_status_code)
EXECUTE FUNCTION history_filter_counts_move();

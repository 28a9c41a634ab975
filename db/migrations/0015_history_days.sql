CREATE TABLE "history_day_counts" (
	"doc_date" date NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "history_day_counts_doc_date_subsidiary_id_pk" PRIMARY KEY("doc_date","subsidiary_id")
);
--> statement-breakpoint
CREATE INDEX "xdocs_history_store_status_date_idx" ON "xdocs" USING btree ("store_id","wf_status_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the trigger that keeps history_day_counts exact, its rebuild (for bulk loads with triggers off), and the first count.
-- A constraint trigger deferred to commit: every document of a day and subsidiary counts on one row, so
-- the row is locked only while the changing transaction commits, not for the rest of its work.
CREATE OR REPLACE FUNCTION history_day_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.doc_date = NEW.doc_date AND OLD.subsidiary_id = NEW.subsidiary_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE history_day_counts SET total = total - 1 WHERE doc_date = OLD.doc_date AND subsidiary_id = OLD.subsidiary_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO history_day_counts (doc_date, subsidiary_id, total) VALUES (NEW.doc_date, NEW.subsidiary_id, 1)
    ON CONFLICT (doc_date, subsidiary_id) DO UPDATE SET total = history_day_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER xdocs_history_day_counts
AFTER INSERT OR DELETE OR UPDATE OF doc_date, subsidiary_id ON xdocs
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION history_day_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_day_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM history_day_counts WHERE true;
  INSERT INTO history_day_counts (doc_date, subsidiary_id, total)
  SELECT doc_date, subsidiary_id, count(*)::int FROM xdocs GROUP BY doc_date, subsidiary_id;
$$;
--> statement-breakpoint
SELECT history_day_counts_rebuild();

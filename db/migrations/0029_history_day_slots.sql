ALTER TABLE "history_day_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "history_day_counts" DROP CONSTRAINT "history_day_counts_doc_date_subsidiary_id_pk";--> statement-breakpoint
ALTER TABLE "history_day_counts" ADD CONSTRAINT "history_day_counts_doc_date_subsidiary_id_slot_pk" PRIMARY KEY("doc_date","subsidiary_id","slot");--> statement-breakpoint
-- hand-written: the trigger runs when the changing transaction commits, and held its day's one row through the
-- commit's WAL flush, so every writer of a day and subsidiary waited for the commit before its own. Each
-- transaction now adds to the slot of its transaction id (modulo 16), removals too (a slot may go below zero;
-- readers sum the slots, as they sum history_type_day_counts', migration 0025). The rebuild writes slot 0.
CREATE OR REPLACE FUNCTION history_day_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own_slot smallint := (txid_current() % 16)::smallint;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.doc_date = NEW.doc_date AND OLD.subsidiary_id = NEW.subsidiary_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO history_day_counts AS h (doc_date, subsidiary_id, slot, total) VALUES (OLD.doc_date, OLD.subsidiary_id, own_slot, -1)
    ON CONFLICT (doc_date, subsidiary_id, slot) DO UPDATE SET total = h.total - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO history_day_counts AS h (doc_date, subsidiary_id, slot, total) VALUES (NEW.doc_date, NEW.subsidiary_id, own_slot, 1)
    ON CONFLICT (doc_date, subsidiary_id, slot) DO UPDATE SET total = h.total + 1;
  END IF;
  RETURN NULL;
END
$$;

ALTER TABLE "inbox_counts" ADD COLUMN "store_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_counts" DROP CONSTRAINT "inbox_counts_vendor_id_list_pk";--> statement-breakpoint
ALTER TABLE "inbox_counts" ADD CONSTRAINT "inbox_counts_vendor_id_list_store_id_pk" PRIMARY KEY("vendor_id","list","store_id");--> statement-breakpoint
-- Counters per vendor, list and store (0: no store), so a store-filtered list totals from here as well.
CREATE OR REPLACE FUNCTION inbox_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_list text;
  new_list text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_list := inbox_list_of(OLD.xdoc_type_code, OLD.xdoc_sub_type_code, OLD.responded_at, OLD.is_read); END IF;
  IF TG_OP <> 'DELETE' THEN new_list := inbox_list_of(NEW.xdoc_type_code, NEW.xdoc_sub_type_code, NEW.responded_at, NEW.is_read); END IF;
  IF TG_OP = 'UPDATE' AND old_list IS NOT DISTINCT FROM new_list AND OLD.vendor_id = NEW.vendor_id
     AND OLD.store_id IS NOT DISTINCT FROM NEW.store_id THEN RETURN NULL; END IF;
  IF old_list IS NOT NULL THEN
    UPDATE inbox_counts SET total = total - 1
     WHERE vendor_id = OLD.vendor_id AND list = old_list AND store_id = coalesce(OLD.store_id, 0);
  END IF;
  IF new_list IS NOT NULL THEN
    INSERT INTO inbox_counts (vendor_id, list, store_id, total) VALUES (NEW.vendor_id, new_list, coalesce(NEW.store_id, 0), 1)
    ON CONFLICT (vendor_id, list, store_id) DO UPDATE SET total = inbox_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbox_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM inbox_counts WHERE true;
  INSERT INTO inbox_counts (vendor_id, list, store_id, total)
  SELECT vendor_id, list, store_id, count(*)::int
    FROM (SELECT vendor_id, coalesce(store_id, 0) AS store_id,
                 inbox_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, is_read) AS list FROM xdocs) d
   WHERE list IS NOT NULL
   GROUP BY vendor_id, list, store_id;
$$;
--> statement-breakpoint
SELECT inbox_counts_rebuild();
--> statement-breakpoint
DROP INDEX "xdocs_inbox_open_purchase_store_idx";--> statement-breakpoint
CREATE INDEX "xdocs_inbox_open_purchase_store_date_idx" ON "xdocs" USING btree ("store_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST,"vendor_id") WHERE xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code is distinct from 'return';

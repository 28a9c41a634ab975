CREATE TABLE "inbox_counts" (
	"vendor_id" integer NOT NULL,
	"list" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbox_counts_vendor_id_list_pk" PRIMARY KEY("vendor_id","list")
);
--> statement-breakpoint
ALTER TABLE "inbox_counts" ADD CONSTRAINT "inbox_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xdocs_inbox_open_purchase_date_idx" ON "xdocs" USING btree ("doc_date" DESC NULLS LAST,"id" DESC NULLS LAST,"vendor_id") WHERE xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code is distinct from 'return';--> statement-breakpoint
-- Which counted inbox list a document is on (null: none). Must match the list predicates in lib/domain/inbox/queries.ts.
CREATE FUNCTION inbox_list_of(type_code text, sub_type_code text, responded_at timestamptz, is_read boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN type_code = 'order' AND responded_at IS NULL AND sub_type_code IS DISTINCT FROM 'return' THEN 'open_purchase'
    WHEN type_code = 'order' AND responded_at IS NULL AND sub_type_code = 'return' THEN 'open_return'
    WHEN type_code IN ('deliverynote', 'dispute', 'remittance') AND is_read = false THEN 'unread_' || type_code
  END
$$;
--> statement-breakpoint
-- Keeps inbox_counts exact in the transaction of every insert, update or delete of a document.
CREATE FUNCTION inbox_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_list text;
  new_list text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_list := inbox_list_of(OLD.xdoc_type_code, OLD.xdoc_sub_type_code, OLD.responded_at, OLD.is_read); END IF;
  IF TG_OP <> 'DELETE' THEN new_list := inbox_list_of(NEW.xdoc_type_code, NEW.xdoc_sub_type_code, NEW.responded_at, NEW.is_read); END IF;
  IF TG_OP = 'UPDATE' AND old_list IS NOT DISTINCT FROM new_list AND OLD.vendor_id = NEW.vendor_id THEN RETURN NULL; END IF;
  IF old_list IS NOT NULL THEN
    UPDATE inbox_counts SET total = total - 1 WHERE vendor_id = OLD.vendor_id AND list = old_list;
  END IF;
  IF new_list IS NOT NULL THEN
    INSERT INTO inbox_counts (vendor_id, list, total) VALUES (NEW.vendor_id, new_list, 1)
    ON CONFLICT (vendor_id, list) DO UPDATE SET total = inbox_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_inbox_counts AFTER INSERT OR UPDATE OR DELETE ON xdocs FOR EACH ROW EXECUTE FUNCTION inbox_counts_track();
--> statement-breakpoint
-- Recounts from scratch; the seed calls it after bulk loads that ran with triggers off.
CREATE FUNCTION inbox_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM inbox_counts WHERE true;
  INSERT INTO inbox_counts (vendor_id, list, total)
  SELECT vendor_id, list, count(*)::int
    FROM (SELECT vendor_id, inbox_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, is_read) AS list FROM xdocs) d
   WHERE list IS NOT NULL
   GROUP BY vendor_id, list;
$$;
--> statement-breakpoint
SELECT inbox_counts_rebuild();

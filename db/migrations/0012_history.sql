CREATE TABLE "history_counts" (
	"subsidiary_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"xdoc_type_code" text NOT NULL,
	"wf_status_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "history_counts_subsidiary_id_vendor_id_xdoc_type_code_wf_status_code_pk" PRIMARY KEY("subsidiary_id","vendor_id","xdoc_type_code","wf_status_code")
);
--> statement-breakpoint
ALTER TABLE "history_counts" ADD CONSTRAINT "history_counts_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_counts" ADD CONSTRAINT "history_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xdocs_history_status_date_idx" ON "xdocs" USING btree ("wf_status_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_type_date_idx" ON "xdocs" USING btree ("xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_subsidiary_type_date_idx" ON "xdocs" USING btree ("subsidiary_id","xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_subsidiary_vendor_date_idx" ON "xdocs" USING btree ("subsidiary_id","vendor_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_invoice_number_idx" ON "xdocs" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "xdocs_deliverynote_number_idx" ON "xdocs" USING btree ("deliverynote_number");--> statement-breakpoint
CREATE INDEX "xdocs_supplier_ref_idx" ON "xdocs" USING btree (upper("response" ->> 'supplierRef'));--> statement-breakpoint
-- hand-written: the trigger that keeps history_counts exact in the changing transaction, its rebuild (for bulk loads with triggers off), and the first count
CREATE OR REPLACE FUNCTION history_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.subsidiary_id = NEW.subsidiary_id AND OLD.vendor_id = NEW.vendor_id
     AND OLD.xdoc_type_code = NEW.xdoc_type_code AND OLD.wf_status_code = NEW.wf_status_code THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE history_counts SET total = total - 1
     WHERE subsidiary_id = OLD.subsidiary_id AND vendor_id = OLD.vendor_id
       AND xdoc_type_code = OLD.xdoc_type_code AND wf_status_code = OLD.wf_status_code;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO history_counts (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total)
    VALUES (NEW.subsidiary_id, NEW.vendor_id, NEW.xdoc_type_code, NEW.wf_status_code, 1)
    ON CONFLICT (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = history_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_counts
AFTER INSERT OR DELETE OR UPDATE OF subsidiary_id, vendor_id, xdoc_type_code, wf_status_code ON xdocs
FOR EACH ROW EXECUTE FUNCTION history_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM history_counts WHERE true;
  INSERT INTO history_counts (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total)
  SELECT subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, count(*)::int
    FROM xdocs GROUP BY subsidiary_id, vendor_id, xdoc_type_code, wf_status_code;
$$;
--> statement-breakpoint
SELECT history_counts_rebuild();

CREATE TABLE "invoiced_branches" (
	"order_xdoc_id" bigint NOT NULL,
	"delivery_address_code" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	CONSTRAINT "invoiced_branches_order_xdoc_id_delivery_address_code_pk" PRIMARY KEY("order_xdoc_id","delivery_address_code")
);
--> statement-breakpoint
CREATE TABLE "submission_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"xdoc_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "invoiced_branches" ADD CONSTRAINT "invoiced_branches_order_xdoc_id_xdocs_id_fk" FOREIGN KEY ("order_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_branches" ADD CONSTRAINT "invoiced_branches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_xdoc_id_xdocs_id_fk" FOREIGN KEY ("xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xdocs_inbox_to_invoice_idx" ON "xdocs" USING btree ("vendor_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST,"store_id","subsidiary_id","region_id","delivery_date","xdoc_sub_type_code","order_type","wf_status_code","docno") WHERE xdoc_type_code = 'order' and responded_at is not null and invoicing_closed_at is null and wf_status_code in ('confirmed', 'mixed') and xdoc_sub_type_code is distinct from 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "xdocs_vendor_invoice_number_uq" ON "xdocs" USING btree ("vendor_id","invoice_number") WHERE xdoc_type_code = 'invoice';--> statement-breakpoint
-- hand-written: the Invoices tab's counters (toInvoice, toCredit) kept in inbox_counts by the same row trigger as the other tabs.
-- Which invoicing list a document is on (null: none). Must match TO_INVOICE / TO_CREDIT in lib/domain/inbox/queries.ts.
CREATE FUNCTION invoicing_list_of(type_code text, sub_type_code text, responded_at timestamptz, wf_status_code text, invoicing_closed_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN type_code <> 'order' OR responded_at IS NULL OR invoicing_closed_at IS NOT NULL OR wf_status_code NOT IN ('confirmed', 'mixed') THEN NULL
    WHEN sub_type_code IS DISTINCT FROM 'return' THEN 'to_invoice'
    ELSE 'to_credit'
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbox_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_lists text[] := '{}';
  new_lists text[] := '{}';
  one_list text;
BEGIN
  -- A document is on at most one inbox list and at most one invoicing list.
  IF TG_OP <> 'INSERT' THEN
    old_lists := array_remove(ARRAY[
      inbox_list_of(OLD.xdoc_type_code, OLD.xdoc_sub_type_code, OLD.responded_at, OLD.is_read),
      invoicing_list_of(OLD.xdoc_type_code, OLD.xdoc_sub_type_code, OLD.responded_at, OLD.wf_status_code, OLD.invoicing_closed_at)], NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_lists := array_remove(ARRAY[
      inbox_list_of(NEW.xdoc_type_code, NEW.xdoc_sub_type_code, NEW.responded_at, NEW.is_read),
      invoicing_list_of(NEW.xdoc_type_code, NEW.xdoc_sub_type_code, NEW.responded_at, NEW.wf_status_code, NEW.invoicing_closed_at)], NULL);
  END IF;
  IF TG_OP = 'UPDATE' AND old_lists = new_lists AND OLD.vendor_id = NEW.vendor_id
     AND OLD.store_id IS NOT DISTINCT FROM NEW.store_id THEN RETURN NULL; END IF;
  FOREACH one_list IN ARRAY old_lists LOOP
    UPDATE inbox_counts SET total = total - 1
     WHERE vendor_id = OLD.vendor_id AND inbox_counts.list = one_list AND store_id = coalesce(OLD.store_id, 0);
  END LOOP;
  FOREACH one_list IN ARRAY new_lists LOOP
    INSERT INTO inbox_counts (vendor_id, list, store_id, total) VALUES (NEW.vendor_id, one_list, coalesce(NEW.store_id, 0), 1)
    ON CONFLICT (vendor_id, list, store_id) DO UPDATE SET total = inbox_counts.total + 1;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbox_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM inbox_counts WHERE true;
  INSERT INTO inbox_counts (vendor_id, list, store_id, total)
  SELECT vendor_id, list, store_id, count(*)::int
    FROM (SELECT vendor_id, coalesce(store_id, 0) AS store_id,
                 inbox_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, is_read) AS list FROM xdocs
          UNION ALL
          SELECT vendor_id, coalesce(store_id, 0),
                 invoicing_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, wf_status_code, invoicing_closed_at) FROM xdocs) d
   WHERE list IS NOT NULL
   GROUP BY vendor_id, list, store_id;
$$;
--> statement-breakpoint
SELECT inbox_counts_rebuild();

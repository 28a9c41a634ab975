CREATE TABLE "divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "divisions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subsidiary_id" integer,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"region_id" integer,
	"division_id" integer,
	"address_code" text
);
--> statement-breakpoint
CREATE TABLE "subsidiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tiny_mce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsidiaries_code_unique" UNIQUE("code"),
	CONSTRAINT "subsidiaries_tinyMce_unique" UNIQUE("tiny_mce")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"purpose" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tiny_mce" text NOT NULL,
	"vendordata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bbbee_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_code_unique" UNIQUE("code"),
	CONSTRAINT "vendors_tinyMce_unique" UNIQUE("tiny_mce")
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "history_selections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"subsidiary_id" integer,
	"vendor_codes" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"activity" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subsidiaries" (
	"user_id" integer NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"can_read" boolean DEFAULT true NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_subsidiaries_user_id_subsidiary_id_pk" PRIMARY KEY("user_id","subsidiary_id")
);
--> statement-breakpoint
CREATE TABLE "user_vendors" (
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"can_write" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_vendors_user_id_vendor_id_pk" PRIMARY KEY("user_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role_id" integer DEFAULT 4 NOT NULL,
	"parent_user_id" integer,
	"last_login" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xdoc_id" bigint,
	"entity_type" text DEFAULT 'xdoc' NOT NULL,
	"entity_id" bigint,
	"action" text NOT NULL,
	"descr" text NOT NULL,
	"owner_user_id" integer,
	"owner_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivered_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_xdoc_id" bigint NOT NULL,
	"deliverynote_xdoc_id" bigint,
	"deliverynote_number" text,
	"line_number" integer NOT NULL,
	"delivery_address_code" text,
	"qty" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoiced_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_xdoc_id" bigint NOT NULL,
	"invoice_xdoc_id" bigint,
	"invoice_number" text NOT NULL,
	"line_number" integer NOT NULL,
	"delivery_address_code" text,
	"qty" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"tax_percent" numeric(5, 2) DEFAULT '15' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xdoc_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xdoc_id" bigint NOT NULL,
	"line_number" integer NOT NULL,
	"catalogue_code" text NOT NULL,
	"descr" text,
	"qty" numeric(12, 2) DEFAULT '0' NOT NULL,
	"originalqty" numeric(12, 2) DEFAULT '0' NOT NULL,
	"qty_delivered" numeric(12, 2),
	"amount" numeric(14, 2),
	"originalamount" numeric(14, 2),
	"tax_percent" numeric(5, 2),
	"tax_amount" numeric(14, 2),
	"response" text,
	"reason" text,
	"supplier_ref" text,
	"order_descr" text,
	"delivery_address_code" text,
	"store_id" integer,
	"invoice_number" text
);
--> statement-breakpoint
CREATE TABLE "xdocs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tiny_mce" text NOT NULL,
	"docno" text NOT NULL,
	"orderno" text,
	"xdoc_type_code" text NOT NULL,
	"xdoc_sub_type_code" text,
	"xdoc_type_descr" text,
	"xdoc_descr" text,
	"order_type" text,
	"wf_status_code" text DEFAULT 'received' NOT NULL,
	"subsidiary_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"store_id" integer,
	"to_store_id" integer,
	"region_id" integer,
	"division_id" integer,
	"related_xdoc_id" bigint,
	"doc_date" date NOT NULL,
	"delivery_date" date,
	"delivery_method" text,
	"delivery_instructions" text,
	"tot_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"xdoc_total_excl" numeric(14, 2) DEFAULT '0' NOT NULL,
	"xdoc_tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"xdoc_total_incl" numeric(14, 2) DEFAULT '0' NOT NULL,
	"xdoc_invoicedate" date,
	"xdoc_deliverynote_date" date,
	"invoice_number" text,
	"deliverynote_number" text,
	"to_follow" smallint DEFAULT 0 NOT NULL,
	"reason_code" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" integer,
	"response" jsonb,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	"invoicing_closed_at" timestamp with time zone,
	"scan_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer,
	"vendor_id" integer NOT NULL,
	"changeable" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"catalogue_code" text NOT NULL,
	"barcode" text,
	"descr" text NOT NULL,
	"unit_of_measure" text DEFAULT 'EA' NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masterdata_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"vendor_id" integer,
	"file_id" bigint,
	"old_values" jsonb,
	"new_values" jsonb,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pricing_id" integer,
	"item_id" integer,
	"vendor_id" integer NOT NULL,
	"changeable" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricings" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"subsidiary_id" integer,
	"cost_price" numeric(14, 2) NOT NULL,
	"retail_price" numeric(14, 2),
	"effective_from" date NOT NULL,
	"effective_to" date,
	"status" text DEFAULT 'approved' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_bbbee_file_id_uploaded_files_id_fk" FOREIGN KEY ("bbbee_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_selections" ADD CONSTRAINT "history_selections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_selections" ADD CONSTRAINT "history_selections_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subsidiaries" ADD CONSTRAINT "user_subsidiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subsidiaries" ADD CONSTRAINT "user_subsidiaries_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_xdoc_id_xdocs_id_fk" FOREIGN KEY ("xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_lines" ADD CONSTRAINT "delivered_lines_order_xdoc_id_xdocs_id_fk" FOREIGN KEY ("order_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_lines" ADD CONSTRAINT "delivered_lines_deliverynote_xdoc_id_xdocs_id_fk" FOREIGN KEY ("deliverynote_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_lines" ADD CONSTRAINT "invoiced_lines_order_xdoc_id_xdocs_id_fk" FOREIGN KEY ("order_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_lines" ADD CONSTRAINT "invoiced_lines_invoice_xdoc_id_xdocs_id_fk" FOREIGN KEY ("invoice_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdoc_lines" ADD CONSTRAINT "xdoc_lines_xdoc_id_xdocs_id_fk" FOREIGN KEY ("xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdoc_lines" ADD CONSTRAINT "xdoc_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_related_xdoc_id_xdocs_id_fk" FOREIGN KEY ("related_xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xdocs" ADD CONSTRAINT "xdocs_scan_file_id_uploaded_files_id_fk" FOREIGN KEY ("scan_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_changes" ADD CONSTRAINT "item_changes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_changes" ADD CONSTRAINT "item_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_changes" ADD CONSTRAINT "item_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_changes" ADD CONSTRAINT "item_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterdata_changes" ADD CONSTRAINT "masterdata_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterdata_changes" ADD CONSTRAINT "masterdata_changes_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterdata_changes" ADD CONSTRAINT "masterdata_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterdata_changes" ADD CONSTRAINT "masterdata_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD CONSTRAINT "pricing_changes_pricing_id_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."pricings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD CONSTRAINT "pricing_changes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD CONSTRAINT "pricing_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD CONSTRAINT "pricing_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD CONSTRAINT "pricing_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regions_subsidiary_idx" ON "regions" USING btree ("subsidiary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_code_uq" ON "stores" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stores_subsidiary_idx" ON "stores" USING btree ("subsidiary_id");--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploaded_files_purpose_idx" ON "uploaded_files" USING btree ("purpose","created_at");--> statement-breakpoint
CREATE INDEX "declarations_user_idx" ON "declarations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_activities_created_idx" ON "user_activities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_activities_activity_idx" ON "user_activities" USING btree ("activity","created_at");--> statement-breakpoint
CREATE INDEX "user_activities_email_idx" ON "user_activities" USING btree ("user_email","created_at");--> statement-breakpoint
CREATE INDEX "user_vendors_vendor_idx" ON "user_vendors" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "audit_entries_xdoc_idx" ON "audit_entries" USING btree ("xdoc_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "delivered_lines_order_idx" ON "delivered_lines" USING btree ("order_xdoc_id","line_number");--> statement-breakpoint
CREATE INDEX "invoiced_lines_order_idx" ON "invoiced_lines" USING btree ("order_xdoc_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "xdoc_lines_doc_line_uq" ON "xdoc_lines" USING btree ("xdoc_id","line_number","delivery_address_code");--> statement-breakpoint
CREATE UNIQUE INDEX "xdocs_tiny_mce_uq" ON "xdocs" USING btree ("tiny_mce");--> statement-breakpoint
CREATE INDEX "xdocs_docno_idx" ON "xdocs" USING btree ("docno");--> statement-breakpoint
CREATE INDEX "xdocs_orderno_idx" ON "xdocs" USING btree ("orderno");--> statement-breakpoint
CREATE INDEX "xdocs_related_idx" ON "xdocs" USING btree ("related_xdoc_id");--> statement-breakpoint
CREATE INDEX "xdocs_inbox_open_orders_idx" ON "xdocs" USING btree ("vendor_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE xdoc_type_code = 'order' and responded_at is null;--> statement-breakpoint
CREATE INDEX "xdocs_inbox_open_orders_store_idx" ON "xdocs" USING btree ("vendor_id","store_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE xdoc_type_code = 'order' and responded_at is null;--> statement-breakpoint
CREATE INDEX "xdocs_inbox_unread_idx" ON "xdocs" USING btree ("vendor_id","xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_read = false;--> statement-breakpoint
CREATE INDEX "xdocs_vendor_type_date_idx" ON "xdocs" USING btree ("vendor_id","xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_subsidiary_date_idx" ON "xdocs" USING btree ("subsidiary_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_store_date_idx" ON "xdocs" USING btree ("store_id","doc_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_region_date_idx" ON "xdocs" USING btree ("region_id","doc_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_division_date_idx" ON "xdocs" USING btree ("division_id","doc_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_type_status_date_idx" ON "xdocs" USING btree ("xdoc_type_code","wf_status_code","doc_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_date_idx" ON "xdocs" USING btree ("doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_changes_status_idx" ON "item_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "item_changes_vendor_idx" ON "item_changes" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_vendor_code_uq" ON "items" USING btree ("vendor_id","catalogue_code");--> statement-breakpoint
CREATE INDEX "items_descr_idx" ON "items" USING btree ("descr");--> statement-breakpoint
CREATE UNIQUE INDEX "masterdata_changes_process_event_uq" ON "masterdata_changes" USING btree ("process_id","event_type");--> statement-breakpoint
CREATE INDEX "masterdata_changes_status_idx" ON "masterdata_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pricing_changes_status_idx" ON "pricing_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pricing_changes_vendor_idx" ON "pricing_changes" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "pricings_item_idx" ON "pricings" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "pricings_subsidiary_idx" ON "pricings" USING btree ("subsidiary_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at") WHERE status in ('pending', 'queued');
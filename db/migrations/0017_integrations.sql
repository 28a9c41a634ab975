CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"subsidiary_id" integer,
	"vendor_id" integer,
	"xdoc_id" bigint,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingested_documents" (
	"subsidiary_id" integer NOT NULL,
	"type" text NOT NULL,
	"docno" text NOT NULL,
	"xdoc_id" bigint NOT NULL,
	"content_hash" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"integration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingested_documents_subsidiary_id_type_docno_pk" PRIMARY KEY("subsidiary_id","type","docno")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subsidiary_ids" integer[] NOT NULL,
	"scopes" text[] NOT NULL,
	"webhook_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ingested_documents" ADD CONSTRAINT "ingested_documents_subsidiary_id_subsidiaries_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."subsidiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_documents" ADD CONSTRAINT "ingested_documents_xdoc_id_xdocs_id_fk" FOREIGN KEY ("xdoc_id") REFERENCES "public"."xdocs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_documents" ADD CONSTRAINT "ingested_documents_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_xid_id_idx" ON "events" USING btree ("xid","id");--> statement-breakpoint
CREATE INDEX "events_subsidiary_xid_id_idx" ON "events" USING btree ("subsidiary_id","xid","id");--> statement-breakpoint
CREATE INDEX "ingested_documents_xdoc_idx" ON "ingested_documents" USING btree ("xdoc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_key_hash_uq" ON "integrations" USING btree ("key_hash");
ALTER TABLE "subsidiaries" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "subsidiaries" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "subsidiaries" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;
CREATE TABLE "bbbee_expiry_notices" (
	"vendor_id" integer NOT NULL,
	"expiry" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bbbee_expiry_notices_vendor_id_expiry_pk" PRIMARY KEY("vendor_id","expiry")
);
--> statement-breakpoint
ALTER TABLE "bbbee_expiry_notices" ADD CONSTRAINT "bbbee_expiry_notices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: drizzle cannot express an expression index. The user-activity screen filters user_email from its start in any case (lower(user_email) like 'x%'); text_pattern_ops lets that prefix be an index range, created_at orders the page within it.
CREATE INDEX "user_activities_email_lower_idx" ON "user_activities" (lower("user_email") text_pattern_ops, "created_at");

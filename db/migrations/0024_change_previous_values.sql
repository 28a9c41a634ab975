ALTER TABLE "item_changes" ADD COLUMN "previous" jsonb;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD COLUMN "previous" jsonb;
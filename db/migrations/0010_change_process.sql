ALTER TABLE "item_changes" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "pricing_changes" ADD COLUMN "process_id" text;--> statement-breakpoint
CREATE INDEX "item_changes_process_idx" ON "item_changes" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "pricing_changes_process_idx" ON "pricing_changes" USING btree ("process_id");
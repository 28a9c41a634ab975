CREATE INDEX "item_changes_item_idx" ON "item_changes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "pricing_changes_item_idx" ON "pricing_changes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "pricing_changes_pricing_idx" ON "pricing_changes" USING btree ("pricing_id");
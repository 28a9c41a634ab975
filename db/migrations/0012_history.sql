CREATE INDEX "xdocs_history_status_date_idx" ON "xdocs" USING btree ("wf_status_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_type_date_idx" ON "xdocs" USING btree ("xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_subsidiary_type_date_idx" ON "xdocs" USING btree ("subsidiary_id","xdoc_type_code","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_history_subsidiary_vendor_date_idx" ON "xdocs" USING btree ("subsidiary_id","vendor_id","doc_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xdocs_invoice_number_idx" ON "xdocs" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "xdocs_deliverynote_number_idx" ON "xdocs" USING btree ("deliverynote_number");--> statement-breakpoint
CREATE INDEX "xdocs_supplier_ref_idx" ON "xdocs" USING btree (upper("response" ->> 'supplierRef'));
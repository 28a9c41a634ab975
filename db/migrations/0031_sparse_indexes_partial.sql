-- Why (hand-written note on a generated migration): every new order entered these six indexes, though it is on
-- none of their lists and has none of their numbers. The unread lists' two were on every unread document, orders
-- and invoices too, and repeated the lists' date-sorted indexes (the same columns, read backwards), which serve
-- their pages alone. The others now hold only the documents that have the number: an order has no related order,
-- invoice or delivery note number, nor a supplier's reference until it is answered, and every query that reads
-- them asks for an equality, which implies the predicate. A new order enters 29 of xdocs' 68 indexes, not 35 of
-- 70 (docs/benchmarks.md, issue 23).
DROP INDEX "xdocs_inbox_unread_store_idx";--> statement-breakpoint
DROP INDEX "xdocs_inbox_unread_idx";--> statement-breakpoint
DROP INDEX "xdocs_related_idx";--> statement-breakpoint
DROP INDEX "xdocs_invoice_number_idx";--> statement-breakpoint
DROP INDEX "xdocs_deliverynote_number_idx";--> statement-breakpoint
DROP INDEX "xdocs_supplier_ref_idx";--> statement-breakpoint
CREATE INDEX "xdocs_related_idx" ON "xdocs" USING btree ("related_xdoc_id") WHERE related_xdoc_id is not null;--> statement-breakpoint
CREATE INDEX "xdocs_invoice_number_idx" ON "xdocs" USING btree ("invoice_number") WHERE invoice_number is not null;--> statement-breakpoint
CREATE INDEX "xdocs_deliverynote_number_idx" ON "xdocs" USING btree ("deliverynote_number") WHERE deliverynote_number is not null;--> statement-breakpoint
CREATE INDEX "xdocs_supplier_ref_idx" ON "xdocs" USING btree (upper("response" ->> 'supplierRef')) WHERE upper(response ->> 'supplierRef') is not null;
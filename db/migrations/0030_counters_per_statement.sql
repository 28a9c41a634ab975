-- hand-written: the inbox counts, the history's per-vendor counts and its day counts were kept for new documents by
-- row triggers, one upsert per document and counter. A batch of 500 new orders of one day and subsidiary wrote its day
-- row 500 times in one transaction: 500 versions of one row, each found again through the versions before it. New
-- documents are now counted once per statement, grouped by each counter's key, as the history's filter counters
-- already were (migration 0021), so a batch writes each counter row once. Changes and removals keep the row triggers
-- (a change moves one document from one key to another; most statements change one document).
DROP TRIGGER xdocs_history_counts ON xdocs;
--> statement-breakpoint
CREATE TRIGGER xdocs_history_counts
AFTER DELETE OR UPDATE OF subsidiary_id, vendor_id, xdoc_type_code, xdoc_sub_type_code, wf_status_code ON xdocs
FOR EACH ROW EXECUTE FUNCTION history_counts_track();
--> statement-breakpoint
DROP TRIGGER xdocs_history_day_counts ON xdocs;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER xdocs_history_day_counts
AFTER DELETE OR UPDATE OF doc_date, subsidiary_id ON xdocs
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION history_day_counts_track();
--> statement-breakpoint
DROP TRIGGER xdocs_inbox_counts ON xdocs;
--> statement-breakpoint
CREATE TRIGGER xdocs_inbox_counts AFTER DELETE OR UPDATE ON xdocs FOR EACH ROW EXECUTE FUNCTION inbox_counts_track();
--> statement-breakpoint
-- Three statements, in the order the row triggers took these rows (the per-vendor counts, then the inbox's, then at
-- commit the day's), so that a statement counting new documents and a change of one document (an answer: its
-- per-vendor counts, then the history's filter counters, then the inbox's) lock rows they share in the same order.
-- (Data-modifying CTEs in one statement would not: PostgreSQL runs them after the main query, last first.) Within
-- a counter the rows are written in key order. The day counts go to the slot of the transaction (its id modulo 16),
-- as history_day_counts_track writes them (migration 0029).
CREATE FUNCTION xdocs_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_counts AS h (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total)
  SELECT subsidiary_id, vendor_id, history_counted_type(xdoc_type_code, xdoc_sub_type_code), wf_status_code, count(*)::int
    FROM new_documents GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (subsidiary_id, vendor_id, xdoc_type_code, wf_status_code) DO UPDATE SET total = h.total + excluded.total;

  INSERT INTO inbox_counts AS c (vendor_id, list, store_id, total)
  SELECT d.vendor_id, l.list, coalesce(d.store_id, 0), count(*)::int
    FROM new_documents d
    CROSS JOIN LATERAL (VALUES
      (inbox_list_of(d.xdoc_type_code, d.xdoc_sub_type_code, d.responded_at, d.is_read)),
      (invoicing_list_of(d.xdoc_type_code, d.xdoc_sub_type_code, d.responded_at, d.wf_status_code, d.invoicing_closed_at))
    ) AS l(list)
   WHERE l.list IS NOT NULL
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (vendor_id, list, store_id) DO UPDATE SET total = c.total + excluded.total;

  INSERT INTO history_day_counts AS h (doc_date, subsidiary_id, slot, total)
  SELECT doc_date, subsidiary_id, (txid_current() % 16)::smallint, count(*)::int
    FROM new_documents GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (doc_date, subsidiary_id, slot) DO UPDATE SET total = h.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_counts_insert AFTER INSERT ON xdocs REFERENCING NEW TABLE AS new_documents
FOR EACH STATEMENT EXECUTE FUNCTION xdocs_counts_inserted();

ALTER TABLE "xdocs" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recounts the documents whose lines a statement touched: one update per statement, whatever its size.
CREATE FUNCTION xdocs_line_count_recount(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE xdocs x SET line_count = coalesce((SELECT count(DISTINCT l.line_number) FROM xdoc_lines l WHERE l.xdoc_id = x.id), 0)
   WHERE x.id = ANY(ids);
$$;
--> statement-breakpoint
CREATE FUNCTION xdoc_lines_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM xdocs_line_count_recount(ARRAY(SELECT DISTINCT xdoc_id FROM new_lines));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION xdoc_lines_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM xdocs_line_count_recount(ARRAY(SELECT DISTINCT xdoc_id FROM old_lines));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION xdoc_lines_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM xdocs_line_count_recount(ARRAY(
    SELECT DISTINCT xdoc_id FROM (SELECT xdoc_id FROM new_lines UNION ALL SELECT xdoc_id FROM old_lines) ids));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdoc_lines_count_insert AFTER INSERT ON xdoc_lines REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION xdoc_lines_count_inserted();
--> statement-breakpoint
CREATE TRIGGER xdoc_lines_count_delete AFTER DELETE ON xdoc_lines REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION xdoc_lines_count_deleted();
--> statement-breakpoint
-- Only a change of document or line number can change a count; answers and amounts cannot.
CREATE TRIGGER xdoc_lines_count_update AFTER UPDATE ON xdoc_lines REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION xdoc_lines_count_updated();
--> statement-breakpoint
-- After bulk loads that ran with triggers off (the seed), every document is counted again.
CREATE FUNCTION xdocs_line_count_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE xdocs x SET line_count = c.n
    FROM (SELECT xdoc_id, count(DISTINCT line_number)::int AS n FROM xdoc_lines GROUP BY xdoc_id) c
   WHERE c.xdoc_id = x.id AND x.line_count IS DISTINCT FROM c.n;
$$;
--> statement-breakpoint
SELECT xdocs_line_count_rebuild();

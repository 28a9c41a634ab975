-- hand-written: a document's line count is written only when it changes. A sender's new document is inserted with its
-- count (lib/domain/ingestion/document-rows.ts), so its lines' insert no longer updates it once more: that second
-- version of a new row entered every index of xdocs again and left a dead row behind (docs/benchmarks.md, issue 23).
CREATE OR REPLACE FUNCTION xdocs_line_count_recount(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE xdocs x SET line_count = c.n
    FROM (SELECT d.id, (SELECT count(DISTINCT l.line_number) FROM xdoc_lines l WHERE l.xdoc_id = d.id)::int AS n
            FROM unnest(ids) AS d(id)) c
   WHERE x.id = c.id AND x.line_count IS DISTINCT FROM c.n;
$$;

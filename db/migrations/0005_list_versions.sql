CREATE TABLE "list_versions" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Moves a vendor's counter (0: the reference data every page shows) in the changing transaction.
CREATE FUNCTION list_version_bump(vendor integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_versions (vendor_id, version) VALUES (vendor, 1)
  ON CONFLICT (vendor_id) DO UPDATE SET version = list_versions.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION list_versions_track_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM list_version_bump(OLD.vendor_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.vendor_id <> OLD.vendor_id) THEN PERFORM list_version_bump(NEW.vendor_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_list_versions AFTER INSERT OR UPDATE OR DELETE ON xdocs FOR EACH ROW EXECUTE FUNCTION list_versions_track_documents();
--> statement-breakpoint
CREATE FUNCTION list_versions_track_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM list_version_bump(vendor_id) FROM xdocs WHERE id = OLD.xdoc_id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM list_version_bump(vendor_id) FROM xdocs WHERE id = NEW.xdoc_id; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdoc_lines_list_versions AFTER INSERT OR UPDATE OR DELETE ON xdoc_lines FOR EACH ROW EXECUTE FUNCTION list_versions_track_lines();
--> statement-breakpoint
CREATE FUNCTION list_versions_track_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_version_bump(0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_list_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION list_versions_track_reference();
--> statement-breakpoint
CREATE TRIGGER subsidiaries_list_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subsidiaries FOR EACH STATEMENT EXECUTE FUNCTION list_versions_track_reference();
--> statement-breakpoint
CREATE TRIGGER vendors_list_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors FOR EACH STATEMENT EXECUTE FUNCTION list_versions_track_reference();
--> statement-breakpoint
-- After bulk loads that ran with triggers off (the seed), every counter moves.
CREATE FUNCTION list_versions_bump_all() RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_versions (vendor_id, version) SELECT id, 1 FROM vendors UNION ALL SELECT 0, 1
  ON CONFLICT (vendor_id) DO UPDATE SET version = list_versions.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION list_versions_track_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump_all();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xdocs_list_versions_truncate AFTER TRUNCATE ON xdocs FOR EACH STATEMENT EXECUTE FUNCTION list_versions_track_truncate();
--> statement-breakpoint
CREATE TRIGGER xdoc_lines_list_versions_truncate AFTER TRUNCATE ON xdoc_lines FOR EACH STATEMENT EXECUTE FUNCTION list_versions_track_truncate();
--> statement-breakpoint
SELECT list_versions_bump_all();

-- The inbox page cache is gone (pages are computed on every request), and with it the version counters
-- and the triggers that kept them.
DROP TRIGGER IF EXISTS xdocs_list_versions ON xdocs;--> statement-breakpoint
DROP TRIGGER IF EXISTS xdoc_lines_list_versions ON xdoc_lines;--> statement-breakpoint
DROP TRIGGER IF EXISTS stores_list_versions ON stores;--> statement-breakpoint
DROP TRIGGER IF EXISTS subsidiaries_list_versions ON subsidiaries;--> statement-breakpoint
DROP TRIGGER IF EXISTS vendors_list_versions ON vendors;--> statement-breakpoint
DROP TRIGGER IF EXISTS xdocs_list_versions_truncate ON xdocs;--> statement-breakpoint
DROP TRIGGER IF EXISTS xdoc_lines_list_versions_truncate ON xdoc_lines;--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_track_documents();--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_track_lines();--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_track_reference();--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_track_truncate();--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_bump_all();--> statement-breakpoint
DROP FUNCTION IF EXISTS list_version_bump(integer);--> statement-breakpoint
DROP TABLE "list_versions" CASCADE;

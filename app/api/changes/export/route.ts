import { CHANGES_EXPORT_FILE, exportChanges } from '@/lib/domain/changes/export-changes';
import { exportBodySchema } from '@/lib/domain/changes/schemas';
import { xlsxResponse } from '@/lib/exports/xlsx';
import { route } from '@/lib/http/route';

/** POST /changes/export (empty body, or the list's search and status): changes_export.xlsx, streamed. */
export const POST = route({ allow: 'changes.read', body: exportBodySchema }, async ({ actor, body }) =>
  xlsxResponse(await exportChanges(actor, body), CHANGES_EXPORT_FILE),
);

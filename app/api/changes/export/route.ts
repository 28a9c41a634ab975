import { CHANGES_EXPORT_FILE, exportChanges } from '@/lib/domain/changes/export-changes';
import { exportBodySchema } from '@/lib/domain/changes/schemas';
import { XLSX_CONTENT_TYPE } from '@/lib/exports/xlsx-stream';
import { route } from '@/lib/http/route';

/** POST /changes/export (empty body, or the list's search and status): changes_export.xlsx, streamed. */
export const POST = route({ allow: 'changes.read', body: exportBodySchema }, async ({ actor, body }) => {
  const stream = await exportChanges(actor, body);
  return new Response(stream, {
    headers: { 'content-type': XLSX_CONTENT_TYPE, 'content-disposition': `attachment; filename="${CHANGES_EXPORT_FILE}"` },
  });
});

import { z } from 'zod';
import { exportSelected, EXPORT_FILE_NAME } from '@/lib/domain/catalogue/export-selected';
import { requestDownload, verifyDownload } from '@/lib/domain/catalogue/request-download';
import { maintainAction, startUpload, verifyUpload } from '@/lib/domain/catalogue/start-upload';
import { templateFileName, uploadTemplate } from '@/lib/domain/catalogue/upload-template-file';
import { UPLOAD_MAX_BYTES, type CatalogueKind } from '@/lib/domain/catalogue/upload-templates';
import { idListSchema } from '@/lib/domain/items/schemas';
import { xlsxResponse } from '@/lib/exports/xlsx';
import { route } from '@/lib/http/route';

/**
 * The handlers items and pricing share (spec §7 items and pricing): each route file names its list.
 * Reading needs items.read / pricing.read; uploads items.maintain / pricing.maintain (vendor admins).
 */
const readAction = (kind: CatalogueKind) => (kind === 'items' ? 'items.read' : 'pricing.read');

/** Spec §5/§8: the message for an upload without a file. */
export const FILE_REQUIRED = 'Please Attach File before you submit';

/** POST /items/export {items}, POST /pricings/export {pricings}: the ticked rows as items_export.xlsx. */
export const exportRoute = (kind: CatalogueKind, field: 'items' | 'pricings') =>
  route({ allow: readAction(kind), body: z.object({ [field]: idListSchema(field) }) }, async ({ actor, body }) =>
    xlsxResponse(await exportSelected(actor, kind, (body as Record<string, number[]>)[field]), EXPORT_FILE_NAME),
  );

export const verifyDownloadRoute = (kind: CatalogueKind) => route({ allow: readAction(kind) }, ({ actor }) => verifyDownload(actor, kind));

export const downloadRoute = (kind: CatalogueKind) => route({ allow: readAction(kind) }, ({ actor }) => requestDownload(actor, kind));

export const verifyUploadRoute = (kind: CatalogueKind) => route({ allow: maintainAction(kind) }, ({ actor }) => verifyUpload(actor, kind));

/** Multipart `file` (xlsx or csv by content, at most 10 MB) and `comments`. */
export const uploadRoute = (kind: CatalogueKind) =>
  route(
    {
      allow: maintainAction(kind),
      multipart: { files: { file: { kinds: ['xlsx', 'csv'], maxBytes: UPLOAD_MAX_BYTES, requiredMessage: FILE_REQUIRED } } },
      body: z.object({ comments: z.string().trim().max(1000, 'comments may be at most 1000 characters.').optional() }),
    },
    ({ actor, body, files }) =>
      startUpload(actor, kind, { file: files.file as Parameters<typeof startUpload>[2]['file'], comments: body.comments }),
  );

export const templateRoute = (kind: CatalogueKind) =>
  route({ allow: maintainAction(kind) }, async () => xlsxResponse(uploadTemplate(kind), templateFileName(kind)));

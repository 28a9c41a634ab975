import { z } from 'zod';
import { CATALOGUE_KINDS } from '../../lib/domain/catalogue/upload-templates';

export const CATALOGUE_UPLOAD = 'catalogue-upload';

/** One uploaded item or pricing file to read into pending changes: the master-data record's process. */
export const catalogueUploadPayloadSchema = z.object({ processId: z.string().min(1).max(100), kind: z.enum(CATALOGUE_KINDS) });
export type CatalogueUploadPayload = z.infer<typeof catalogueUploadPayloadSchema>;

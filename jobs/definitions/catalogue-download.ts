import { z } from 'zod';
import { CATALOGUE_KINDS } from '../../lib/domain/catalogue/upload-templates';

export const CATALOGUE_DOWNLOAD = 'catalogue-download';

/** A whole item or pricing list to build as a workbook and e-mail to the user who asked, as a link. */
export const catalogueDownloadPayloadSchema = z.object({ userId: z.number().int().positive(), kind: z.enum(CATALOGUE_KINDS) });
export type CatalogueDownloadPayload = z.infer<typeof catalogueDownloadPayloadSchema>;

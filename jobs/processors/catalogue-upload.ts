import { processCatalogueUpload } from '../../lib/domain/catalogue/process-upload';
import { catalogueUploadPayloadSchema, type CatalogueUploadPayload } from '../definitions/catalogue-upload';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';

/** Reads one uploaded catalogue file into pending changes (lib/domain/catalogue/process-upload.ts). */
export const catalogueUploadJob: OutboxJobDefinition<CatalogueUploadPayload, Awaited<ReturnType<typeof processCatalogueUpload>>> = {
  schema: catalogueUploadPayloadSchema,
  run: ({ processId, kind }, { tx }) => processCatalogueUpload(tx, processId, kind),
};

export const catalogueUploadProcessor = outboxProcessor(catalogueUploadJob);

import { buildCatalogueDownload } from '../../lib/domain/catalogue/build-download';
import { systemClock, type Clock } from '../../lib/domain/clock';
import { catalogueDownloadPayloadSchema, type CatalogueDownloadPayload } from '../definitions/catalogue-download';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';

/** Builds one e-mailed download (lib/domain/catalogue/build-download.ts); tests pass their own clock. */
export const catalogueDownloadJob = (clock: Clock = systemClock): OutboxJobDefinition<CatalogueDownloadPayload, string | null> => ({
  schema: catalogueDownloadPayloadSchema,
  run: ({ userId, kind }, { tx }) => buildCatalogueDownload(tx, userId, kind, clock),
});

export const catalogueDownloadProcessor = outboxProcessor(catalogueDownloadJob());

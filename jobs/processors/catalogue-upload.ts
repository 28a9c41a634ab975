import { UnrecoverableError, type Job } from 'bullmq';
import { failUpload } from '../../lib/domain/catalogue/fail-upload';
import { processCatalogueUpload } from '../../lib/domain/catalogue/process-upload';
import { env } from '../../lib/env';
import { resultOf, runInChild } from '../child-job';
import { catalogueUploadPayloadSchema, type CatalogueUploadPayload } from '../definitions/catalogue-upload';
import type { OutboxJobData } from '../definitions';
import { failOutboxRow, type OutboxJobDefinition } from '../outbox-job';

/** Reads one uploaded catalogue file into pending changes (lib/domain/catalogue/process-upload.ts). */
export const catalogueUploadJob: OutboxJobDefinition<CatalogueUploadPayload, Awaited<ReturnType<typeof processCatalogueUpload>>> = {
  schema: catalogueUploadPayloadSchema,
  run: ({ processId, kind }, { tx }) => processCatalogueUpload(tx, processId, kind),
};

const SPLIT = 'Save the sheet as CSV or split it into smaller files.';

/** What the uploader is told when the child reading the file died. */
function deathMessage(how: string): string {
  if (how === 'memory') return `The file could not be read: it needs more memory than an upload may use. ${SPLIT}`;
  const ms = env.UPLOAD_PARSE_TIMEOUT_MS;
  const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.ceil(ms / 1000)} s`;
  if (how === 'time') return `The file could not be read: it takes longer than an upload may (${limit}). ${SPLIT}`;
  return `The file could not be read: the process reading it stopped (${how}). Please try again or contact support.`;
}

/**
 * The BullMQ processor: the job runs in a child process (jobs/upload-child.ts) with its own heap and time limits
 * (UPLOAD_PARSE_HEAP_MB, UPLOAD_PARSE_TIMEOUT_MS). A child that dies has met a file it cannot read, which a retry
 * would meet again: the job fails once, for good, and the upload record shows why (issue 29).
 */
export async function catalogueUploadProcessor(job: Job<OutboxJobData>): Promise<unknown> {
  const { outboxId } = job.data;
  const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const end = await runInChild('upload-child', [String(outboxId), final ? 'final' : 'retry'], {
    heapMb: env.UPLOAD_PARSE_HEAP_MB,
    timeoutMs: env.UPLOAD_PARSE_TIMEOUT_MS,
  });
  const result = resultOf(end);
  if (result) return result.value;
  const message = deathMessage('died' in end ? end.died : '');
  await failOutboxRow(outboxId, catalogueUploadJob, message, (payload, tx) => failUpload(tx, payload.processId, payload.kind, message));
  throw new UnrecoverableError(message);
}

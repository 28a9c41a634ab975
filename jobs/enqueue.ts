import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { jobSchemas, type JobName, type JobPayload } from './definitions';
import { currentRequest } from '../lib/observability/request-context';

/**
 * Records a job in the outbox inside the caller's transaction: the change and the work it causes commit
 * together or not at all. Nothing touches Redis here; the relay moves committed rows into BullMQ.
 * Throws a ZodError for an invalid payload, which rolls the caller's transaction back.
 */
export async function enqueueInOutbox<K extends JobName>(tx: DbOrTx, kind: K, payload: JobPayload<K>): Promise<number> {
  const parsed = jobSchemas[kind].parse(payload) as Record<string, unknown>;
  // The request that caused the job, for the worker's log line (the job schemas ignore the extra field).
  const requestId = currentRequest()?.requestId;
  const stored = requestId ? { ...parsed, requestId } : parsed;
  const [row] = await tx.insert(outbox).values({ kind, payload: stored }).returning({ id: outbox.id });
  return row.id;
}

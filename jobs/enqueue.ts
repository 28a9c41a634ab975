import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { jobSchemas, type JobName, type JobPayload } from './definitions';

/**
 * Records a job in the outbox inside the caller's transaction: the change and the work it causes commit
 * together or not at all. Nothing touches Redis here; the relay moves committed rows into BullMQ.
 * Throws a ZodError for an invalid payload, which rolls the caller's transaction back.
 */
export async function enqueueInOutbox<K extends JobName>(tx: DbOrTx, kind: K, payload: JobPayload<K>): Promise<number> {
  const parsed = jobSchemas[kind].parse(payload) as Record<string, unknown>;
  const [row] = await tx.insert(outbox).values({ kind, payload: parsed }).returning({ id: outbox.id });
  return row.id;
}

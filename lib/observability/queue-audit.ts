import { db } from '../../db/client';
import type { Actor } from '../auth/actor';
import { recordAudit } from '../domain/audit/record';
import type { BoardAnswer } from './queue-board';

/**
 * The audit entry of a retry or removal made on the queue dashboard. The queue lives outside PostgreSQL, so
 * the entry is written once the dashboard has done it; a job's id names its outbox row (jobs/outbox-job.ts).
 */
export async function auditQueueAct(actor: Actor, act: NonNullable<BoardAnswer['act']>): Promise<void> {
  const outboxId = act.jobId ? Number(/^outbox-(\d+)-/.exec(act.jobId)?.[1]) : NaN;
  const what = act.jobId ? `job ${act.jobId}` : `all ${act.status} jobs`;
  await recordAudit(
    db,
    { userId: actor.userId, name: actor.name, email: actor.email },
    {
      entityType: 'outbox',
      ...(Number.isInteger(outboxId) ? { entityId: outboxId } : {}),
      action: act.kind === 'retry' ? 'queue.retry' : 'queue.remove',
      descr: `${act.kind === 'retry' ? 'Retried' : 'Removed'} ${what} of queue ${act.queueName} on the queue dashboard`,
    },
  );
}

import type { DbOrTx } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import type { Activity } from '../audit/activities';
import { recordActivity, recordAudit } from '../audit/record';

/** Every administration act on a user leaves an audit entry on that user and a line in the actor's activity. */
export async function recordUserChange(
  tx: DbOrTx,
  actor: Actor,
  target: { id: number; email: string },
  activity: Activity,
  descr: string,
  { ip, detail }: { ip?: string; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await recordAudit(tx, actor, { entityType: 'user', entityId: target.id, action: activity, descr });
  await recordActivity(tx, actor, activity, { ip, detail: { user: target.email, userId: target.id, ...detail } });
}

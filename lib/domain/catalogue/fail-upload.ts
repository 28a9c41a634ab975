import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { masterdataChanges } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { actorOfUser } from '../../auth/actor';
import { EVENT_TYPES, type CatalogueKind } from './upload-templates';

/**
 * Fails an upload whose reading died without an outcome (the worker's child process ran out of memory or
 * time, issue 29): the record leaves 'processing', so approvals and further uploads are no longer held up,
 * it shows why (new_values.error), and the uploader is told by e-mail. A record no longer processing is left alone.
 */
export async function failUpload(tx: Tx, processId: string, kind: CatalogueKind, message: string): Promise<void> {
  const [record] = await tx
    .select({ id: masterdataChanges.id, requestedBy: masterdataChanges.requestedBy, newValues: masterdataChanges.newValues })
    .from(masterdataChanges)
    .where(
      and(
        eq(masterdataChanges.processId, processId),
        eq(masterdataChanges.eventType, EVENT_TYPES[kind]),
        eq(masterdataChanges.status, 'processing'),
      ),
    )
    .for('update');
  if (!record) return;
  await tx
    .update(masterdataChanges)
    .set({ status: 'failed', newValues: { ...record.newValues, error: message } })
    .where(eq(masterdataChanges.id, record.id));
  const uploader = record.requestedBy ? await actorOfUser(record.requestedBy) : null;
  if (!uploader) return;
  const label = kind === 'items' ? 'item' : 'pricing';
  await enqueueInOutbox(tx, 'send-email', {
    to: uploader.email,
    template: 'notification',
    data: { subject: `Your ${label} upload could not be read`, lines: [message, `Upload reference: ${processId}`] },
  });
}

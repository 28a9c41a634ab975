import { db } from '../../../db/client';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { ConflictError } from '../errors';
import { BUSY_MESSAGE, downloadInProgress } from './background-work';
import type { CatalogueKind } from './upload-templates';

export const DOWNLOAD_STARTED = 'Processing in the background, check your emails after few minutes';
/** Spec §8: what the screen says before it asks for the download. */
export const DOWNLOAD_NOTICE =
  'Your data is being processed and will be e-mailed to you; this can take up to 5 minutes. The link expires after an hour.';

const readAction = (kind: CatalogueKind) => (kind === 'items' ? 'items.read' : 'pricing.read');

/** GET /items/verify/download, GET /pricings/verify/download: whether a download may be asked for now. */
export async function verifyDownload(actor: Actor, kind: CatalogueKind) {
  assertCan(actor, readAction(kind));
  const busy = await downloadInProgress(actor.userId, kind);
  return { success: !busy, message: busy ? BUSY_MESSAGE : DOWNLOAD_NOTICE };
}

/** POST /items/download, POST /pricings/download: the worker builds the whole list and e-mails a link. */
export async function requestDownload(actor: Actor, kind: CatalogueKind) {
  assertCan(actor, readAction(kind));
  if (await downloadInProgress(actor.userId, kind)) throw new ConflictError(BUSY_MESSAGE);
  await db.transaction(async (tx) => {
    await enqueueInOutbox(tx, 'catalogue-download', { userId: actor.userId, kind });
    await recordActivity(tx, actor, 'export', { detail: { kind, delivery: 'e-mail' } });
  });
  nudgeOutbox();
  return { success: true, message: DOWNLOAD_STARTED };
}

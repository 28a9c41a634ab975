import { and, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges, outbox } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { CATALOGUE_DOWNLOAD } from '../../../jobs/definitions/catalogue-download';
import type { CatalogueKind } from './upload-templates';

/** Spec §8: what the verify calls and refused uploads say while earlier work is still running. */
export const BUSY_MESSAGE = 'Please try again after few minutes, there is a background process in progress';

/**
 * Whether an upload of one of these vendors is still being read by the worker (contracts: a
 * master-data record with status 'processing'). Items and pricing uploads of a vendor wait for each
 * other, since approvals act on a vendor's records.
 */
export async function uploadInProgress(actor: Actor, vendorIds?: readonly number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: masterdataChanges.id })
    .from(masterdataChanges)
    .where(
      and(
        eq(masterdataChanges.status, 'processing'),
        inArray(masterdataChanges.eventType, ['items.upload', 'pricing.upload']),
        actor.scope.masterdataChanges(),
        vendorIds ? inArray(masterdataChanges.vendorId, [...vendorIds]) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The outbox row of this user's e-mailed download of this list while it waits for the worker, else null. */
export async function pendingDownloadId(userId: number, kind: CatalogueKind): Promise<number | null> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, CATALOGUE_DOWNLOAD),
        inArray(outbox.status, ['pending', 'queued']),
        sql`${outbox.payload}->>'userId' = ${String(userId)} and ${outbox.payload}->>'kind' = ${kind}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Whether this user's e-mailed download of this list is still waiting for the worker. */
export async function downloadInProgress(userId: number, kind: CatalogueKind): Promise<boolean> {
  return (await pendingDownloadId(userId, kind)) !== null;
}

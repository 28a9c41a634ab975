import { randomUUID } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges, uploadedFiles, vendors } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { ConflictError, RuleViolationError } from '../errors';
import { BUSY_MESSAGE, uploadInProgress } from './background-work';
import { sheetRows } from './sheet-rows';
import { checkXlsxParts, UploadRefusedError } from './upload-limits';
import { columnWords, EVENT_TYPES, matchHeader, UPLOAD_COLUMNS, type CatalogueKind } from './upload-templates';

export const UPLOAD_STARTED = 'Uploaded successfully';

export type UploadInput = { file: { fileName: string; kind: 'xlsx' | 'csv'; contentType: string; bytes: Buffer }; comments?: string };

export const maintainAction = (kind: CatalogueKind) => (kind === 'items' ? 'items.maintain' : 'pricing.maintain');

const fileError = (message: string) => new RuleViolationError(message, { file: [message] });

/** GET /items/verify/upload, GET /pricings/verify/upload: false while an upload of one of the actor's vendors is being read. */
export async function verifyUpload(actor: Actor, kind: CatalogueKind) {
  assertCan(actor, maintainAction(kind));
  const busy = await uploadInProgress(actor);
  return { success: !busy, message: busy ? BUSY_MESSAGE : 'You may upload a file.' };
}

/**
 * The header and first data row, read at once so a file with the wrong columns is refused while the
 * user waits; the first row's vendor is the vendor the whole file is for. Only these two rows are read,
 * the rest is the worker's: a workbook whose zip states parts past the upload limits is refused before
 * anything is inflated (issue 29: a 400 KB bomb cost the web ~7 s of CPU and 160 MB), and the reader
 * stops at the same limits when the zip understates them.
 */
async function headerAndVendorCode(kind: CatalogueKind, input: UploadInput): Promise<string> {
  const rows = sheetRows(input.file.bytes, input.file.kind);
  try {
    if (input.file.kind === 'xlsx') checkXlsxParts(input.file.bytes);
    const header = await rows.next();
    if (header.done) throw fileError('The file is empty.');
    const { missing, positions } = matchHeader(kind, header.value.cells);
    if (missing.length)
      throw fileError(`The file's columns must include ${columnWords(UPLOAD_COLUMNS[kind])}; missing: ${columnWords(missing)}.`);
    const first = await rows.next();
    if (first.done) throw fileError('The file has no rows below its header.');
    return (first.value.cells[positions.vendorCode] ?? '').trim().toUpperCase();
  } catch (error) {
    if (error instanceof RuleViolationError) throw error;
    throw fileError(error instanceof UploadRefusedError ? error.message : 'The file could not be read as a spreadsheet.');
  } finally {
    await rows.return(undefined);
  }
}

/**
 * POST /items/upload, POST /pricings/upload: stores the file and opens its background process (a
 * master-data record 'processing' of the file's vendor, contracts) with the job that reads it, in one
 * transaction. Only the vendor's own users with write may upload; one process per vendor at a time.
 */
export async function startUpload(actor: Actor, kind: CatalogueKind, input: UploadInput) {
  assertCan(actor, maintainAction(kind));
  const vendorCode = await headerAndVendorCode(kind, input);
  const [vendor] = await db
    .select({ id: vendors.id, code: vendors.code })
    .from(vendors)
    .where(and(actor.scope.vendors(), sql`upper(${vendors.code}) = ${vendorCode}`));
  if (!vendor || !actor.scope.writesForVendor(vendor.id))
    throw fileError(`Vendor ${vendorCode || '(empty)'} in row 2 is not one of your vendors.`);

  const processId = randomUUID();
  await db.transaction(async (tx) => {
    // One upload per vendor at a time: the lock makes two simultaneous uploads take turns at this check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue-upload'), ${vendor.id})`);
    if (await uploadInProgress(actor, [vendor.id])) throw new ConflictError(BUSY_MESSAGE);
    const { fileName, contentType, bytes } = input.file;
    const [file] = await tx
      .insert(uploadedFiles)
      .values({
        fileName,
        contentType,
        content: bytes,
        byteSize: bytes.length,
        purpose: `${kind === 'items' ? 'item' : 'pricing'}-upload`,
        uploadedBy: actor.userId,
      })
      .returning({ id: uploadedFiles.id });
    await tx.insert(masterdataChanges).values({
      processId,
      eventType: EVENT_TYPES[kind],
      status: 'processing',
      vendorId: vendor.id,
      fileId: file.id,
      requestedBy: actor.userId,
      newValues: { fileName, comments: input.comments ?? null },
    });
    await enqueueInOutbox(tx, 'catalogue-upload', { processId, kind });
    await recordActivity(tx, actor, 'upload', { detail: { kind, processId, fileName, vendor: vendor.code } });
  });
  nudgeOutbox();
  return { success: true, message: UPLOAD_STARTED, processId };
}

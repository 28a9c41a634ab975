import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { masterdataChanges, uploadedFiles } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { NotFoundError } from '../errors';
import { sheetRows } from './sheet-rows';
import { maintainAction } from './start-upload';
import { EVENT_TYPES, type CatalogueKind } from './upload-templates';

/** How many refused rows the screen lists; the error file lists them all (up to UPLOAD_LIMITS.listedErrors). */
export const SHOWN_REFUSALS = 20;

export const uploadParamsSchema = z.object({ processId: z.uuid({ message: 'There is no such upload.' }) });

/** One refused row as the error file lists it (row 0: the file as a whole). */
export type RefusedRow = { row: number; column: string; error: string };

/**
 * GET /uploads/{processId}: what the upload dialog polls. `processing` until the worker has read the
 * file; then the rows read, accepted (`valid`, now waiting for approval under Master data) and refused,
 * the first refusals with their reasons, and whether an error file can be downloaded.
 */
export type UploadStatus = {
  processId: string;
  kind: CatalogueKind;
  status: string;
  fileName: string | null;
  rows: number | null;
  valid: number | null;
  invalid: number | null;
  error: string | null;
  refused: RefusedRow[];
  moreRefused: number;
  errorFile: string | null;
};

const KIND_OF_EVENT = Object.fromEntries(Object.entries(EVENT_TYPES).map(([kind, event]) => [event, kind as CatalogueKind]));
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** The upload record within the actor's scope (another supplier's answers 404, as an unknown one does). */
async function uploadRecord(actor: Actor, processId: string) {
  const [record] = await db
    .select({ status: masterdataChanges.status, eventType: masterdataChanges.eventType, newValues: masterdataChanges.newValues })
    .from(masterdataChanges)
    .where(
      and(
        eq(masterdataChanges.processId, processId),
        inArray(masterdataChanges.eventType, Object.values(EVENT_TYPES)),
        actor.scope.masterdataChanges(),
      ),
    );
  if (!record) throw new NotFoundError('There is no such upload.');
  const kind = KIND_OF_EVENT[record.eventType];
  assertCan(actor, maintainAction(kind));
  return { ...record, kind, values: record.newValues ?? {} };
}

async function errorFileOf(fileId: unknown) {
  if (typeof fileId !== 'number') return null;
  const [file] = await db
    .select({ fileName: uploadedFiles.fileName, contentType: uploadedFiles.contentType, content: uploadedFiles.content })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.purpose, 'upload-errors')));
  return file ?? null;
}

/** The first refusals, read back from the error file the worker wrote (the e-mail attaches the same file). */
async function firstRefusals(content: Buffer): Promise<{ refused: RefusedRow[]; more: number }> {
  const refused: RefusedRow[] = [];
  let more = 0;
  for await (const { rowNumber, cells } of sheetRows(content, 'xlsx')) {
    if (rowNumber === 1 || !cells[2]) continue;
    if (cells[0] === '') {
      more += Number(cells[2].replace(/\D/g, '')) || 0;
      continue;
    }
    if (refused.length < SHOWN_REFUSALS) refused.push({ row: Number(cells[0]), column: cells[1], error: cells[2] });
    else more++;
  }
  return { refused, more };
}

export async function uploadStatus(actor: Actor, processId: string): Promise<UploadStatus> {
  const record = await uploadRecord(actor, processId);
  const { values } = record;
  const file = await errorFileOf(values.errorsFileId);
  const { refused, more } = file ? await firstRefusals(file.content) : { refused: [], more: 0 };
  return {
    processId,
    kind: record.kind,
    status: record.status,
    fileName: typeof values.fileName === 'string' ? values.fileName : null,
    rows: numberOrNull(values.rows),
    valid: numberOrNull(values.valid),
    invalid: numberOrNull(values.invalid),
    error: typeof values.error === 'string' ? values.error : null,
    refused,
    moreRefused: more,
    errorFile: file ? `/api/uploads/${processId}/errors` : null,
  };
}

/** GET /uploads/{processId}/errors: the upload's error file, the one the uploader was e-mailed. */
export async function uploadErrorsFile(actor: Actor, processId: string) {
  const record = await uploadRecord(actor, processId);
  const file = await errorFileOf(record.values.errorsFileId);
  if (!file) throw new NotFoundError('This upload has no error file.');
  return file;
}

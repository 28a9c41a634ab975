import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { itemChanges, items, masterdataChanges, pricingChanges, pricings, uploadedFiles, vendors } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { actorOfUser, type Actor } from '../../auth/actor';
import { catalogueColumnLabel } from '../masterdata/vocabulary';
import { notifyChangesWaiting } from '../notifications/changes-waiting';
import { CONTENT_TYPES, sniffFileKind } from '../../files/file-kind';
import { checkItemRow, checkPricingRow, type ItemProposal, type PricingProposal, type RowCells, type RowError } from './row-rules';
import { sheetRows } from './sheet-rows';
import { uploadErrorsWorkbook } from './upload-errors-report';
import { checkXlsxParts, tooManyRows, UPLOAD_LIMITS, UploadRefusedError } from './upload-limits';
import { columnWords, EVENT_TYPES, matchHeader, UPLOAD_COLUMNS, type CatalogueKind } from './upload-templates';

/** Rows checked against the database and written together: one look-up and one insert per batch. */
export const UPLOAD_BATCH_ROWS = 1000;

/** What the upload record shows: rows read, used and not; errors the report does not list; why a file was refused. */
export type UploadSummary = { rows: number; valid: number; invalid: number; unlistedErrors?: number; error?: string };
type Upload = { id: number; processId: string; vendorId: number; fileId: number; requestedBy: number; newValues: Record<string, unknown> };
type Proposal = { row: number; value: ItemProposal | PricingProposal };
type Context = { tx: Tx; kind: CatalogueKind; upload: Upload; errors: RowError[]; summary: UploadSummary };

/** Keeps the first UPLOAD_LIMITS.listedErrors errors for the report and counts the rest (issue 29: 700,000 of them ran the worker out of memory). */
function addErrors(context: Context, ...errors: RowError[]): void {
  const room = Math.max(0, UPLOAD_LIMITS.listedErrors - context.errors.length);
  context.errors.push(...errors.slice(0, room));
  if (errors.length > room) context.summary.unlistedErrors = (context.summary.unlistedErrors ?? 0) + errors.length - room;
}

/**
 * The worker's half of an upload (job 'catalogue-upload'): reads the stored file row by row, checks
 * every row, writes the valid ones as pending item or pricing changes of the upload's process in
 * batches, then marks the master-data record 'pending' (or 'failed' when no row was usable) with a
 * summary, and e-mails the uploader an error report when rows were refused.
 *
 * It runs in the job's transaction (jobs/outbox-job.ts), so a run that fails leaves nothing behind.
 * It only acts on a record still 'processing', and first removes any change already carrying its
 * process id, so running it again can never write a change twice. A file past the upload limits
 * (upload-limits.ts) fails the record with the reason, and none of its rows is kept.
 */
export async function processCatalogueUpload(tx: Tx, processId: string, kind: CatalogueKind): Promise<UploadSummary | null> {
  const [upload] = await tx
    .select({
      id: masterdataChanges.id,
      processId: masterdataChanges.processId,
      vendorId: masterdataChanges.vendorId,
      fileId: masterdataChanges.fileId,
      requestedBy: masterdataChanges.requestedBy,
      status: masterdataChanges.status,
      newValues: masterdataChanges.newValues,
    })
    .from(masterdataChanges)
    .where(and(eq(masterdataChanges.processId, processId), eq(masterdataChanges.eventType, EVENT_TYPES[kind])))
    .for('update');
  if (!upload || upload.status !== 'processing' || !upload.vendorId || !upload.fileId || !upload.requestedBy) return null;
  const changes = kind === 'items' ? itemChanges : pricingChanges;
  await tx.delete(changes).where(eq(changes.processId, processId));

  const context: Context = {
    tx,
    kind,
    upload: {
      ...upload,
      vendorId: upload.vendorId,
      fileId: upload.fileId,
      requestedBy: upload.requestedBy,
      newValues: upload.newValues ?? {},
    },
    errors: [],
    summary: { rows: 0, valid: 0, invalid: 0 },
  };
  const uploader = await actorOfUser(upload.requestedBy);
  try {
    // In a savepoint, so a refusal half-way takes back the batches already written.
    await tx.transaction((inner) => readRows({ ...context, tx: inner }, uploader));
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    context.errors = [{ row: 0, column: 'file', error: error.message }];
    context.summary = { rows: context.summary.rows, valid: 0, invalid: 0, error: error.message };
  }
  await finish(context, uploader);
  return context.summary;
}

async function readRows(context: Context, uploader: Actor | null): Promise<void> {
  const { tx, kind, upload } = context;
  const [file] = await tx.select({ content: uploadedFiles.content }).from(uploadedFiles).where(eq(uploadedFiles.id, upload.fileId));
  const fileKind = file ? sniffFileKind(file.content) : null;
  const writable = uploader ? await writableVendorCodes(tx, uploader) : new Map<string, number>();
  const fileVendor = [...writable.entries()].find(([, id]) => id === upload.vendorId);
  if (!file || (fileKind !== 'xlsx' && fileKind !== 'csv') || !fileVendor) {
    addErrors(context, {
      row: 0,
      column: 'file',
      error: fileVendor ? 'The file could not be read.' : 'You may no longer upload for this vendor.',
    });
    return;
  }
  if (fileKind === 'xlsx') checkXlsxParts(file.content);
  const check = kind === 'items' ? checkItemRow : checkPricingRow;
  const writableCodes = new Set(writable.keys());
  const firstRowOf = new Map<string, number>();
  let positions: Record<string, number> | null = null;
  let batch: Proposal[] = [];
  for await (const { rowNumber, cells } of sheetRows(file.content, fileKind)) {
    if (!positions) {
      const header = matchHeader(kind, cells);
      if (header.missing.length) {
        addErrors(context, { row: rowNumber, column: 'file', error: `The file lacks the columns ${columnWords(header.missing)}.` });
        return;
      }
      positions = header.positions;
      continue;
    }
    if (++context.summary.rows > UPLOAD_LIMITS.rows) throw tooManyRows();
    const named: RowCells = Object.fromEntries(UPLOAD_COLUMNS[kind].map((column) => [column, (cells[positions![column]] ?? '').trim()]));
    const checked = check(rowNumber, named, { code: fileVendor[0] }, writableCodes);
    if (!checked.value) {
      addErrors(context, ...checked.errors);
      continue;
    }
    const key = kind === 'items' ? named.catalogueCode : `${named.catalogueCode}|${named.effectiveFrom}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      addErrors(context, {
        row: rowNumber,
        column: 'catalogueCode',
        error: `${named.catalogueCode} is already in row ${first} of this file.`,
      });
      continue;
    }
    firstRowOf.set(key, rowNumber);
    batch.push({ row: rowNumber, value: checked.value });
    if (batch.length >= UPLOAD_BATCH_ROWS) {
      await writeBatch(context, batch);
      batch = [];
    }
  }
  if (!positions) addErrors(context, { row: 0, column: 'file', error: 'The file has no header row.' });
  if (batch.length) await writeBatch(context, batch);
}

/** The uploader's vendors it may write for, code → id (scope.vendors() narrowed to its write grants). */
async function writableVendorCodes(tx: Tx, uploader: Actor): Promise<Map<string, number>> {
  const rows = await tx.select({ id: vendors.id, code: vendors.code }).from(vendors).where(uploader.scope.vendors());
  return new Map(rows.filter((v) => uploader.scope.writesForVendor(v.id)).map((v) => [v.code.toUpperCase(), v.id]));
}

type KnownItem = {
  id: number;
  catalogueCode: string;
  descr: string;
  barcode: string | null;
  unitOfMeasure: string;
  packSize: number;
  active: boolean;
  pricingId: number | null;
  costPrice: string | null;
  retailPrice: string | null;
  effectiveFrom: string | null;
};

/** The vendor's items named in a batch, with each one's current group-wide price. */
async function knownItems(tx: Tx, vendorId: number, codes: string[]): Promise<Map<string, KnownItem>> {
  // Written out because the builder leaves a lone table's columns unqualified, which the subquery would misread.
  const { rows } = await tx.execute<KnownItem>(sql`
    select i.id, i.catalogue_code as "catalogueCode", i.descr, i.barcode, i.unit_of_measure as "unitOfMeasure",
           i.pack_size as "packSize", i.active, p.id as "pricingId", p.cost_price as "costPrice",
           p.retail_price as "retailPrice", p.effective_from::text as "effectiveFrom"
    from ${items} i
    left join lateral (
      select id, cost_price, retail_price, effective_from from ${pricings}
       where item_id = i.id and subsidiary_id is null order by effective_from desc, id desc limit 1
    ) p on true
    where i.vendor_id = ${vendorId} and i.catalogue_code in ${codes}`);
  return new Map(rows.map((r) => [r.catalogueCode, r]));
}

/**
 * What a change is made against, kept on it (issue 27: an approved change read 20.15 → 20.15 once the
 * price it changed was the new one); {} for a new item or price.
 */
function previousItem(item: KnownItem | undefined): Record<string, unknown> {
  if (!item) return {};
  const { catalogueCode, descr, barcode, unitOfMeasure, packSize, active } = item;
  return { catalogueCode, descr, barcode, unitOfMeasure, packSize, active };
}

function previousPricing(item: KnownItem): Record<string, unknown> {
  if (item.pricingId === null) return {};
  const { catalogueCode, costPrice, retailPrice, effectiveFrom } = item;
  return { catalogueCode, costPrice, retailPrice, effectiveFrom, subsidiaryCode: null };
}

async function writeBatch(context: Context, batch: Proposal[]): Promise<void> {
  const { tx, kind, upload, summary } = context;
  const known = await knownItems(tx, upload.vendorId, [...new Set(batch.map((p) => p.value.catalogueCode))]);
  const base = { vendorId: upload.vendorId, requestedBy: upload.requestedBy, processId: upload.processId, status: 'pending' as const };
  const itemRows: (typeof itemChanges.$inferInsert)[] = [];
  const pricingRows: (typeof pricingChanges.$inferInsert)[] = [];
  for (const { row, value } of batch) {
    const item = known.get(value.catalogueCode);
    if (kind === 'pricing') {
      if (!item) addErrors(context, { row, column: 'catalogueCode', error: `${value.catalogueCode} is not an item of this vendor.` });
      else
        pricingRows.push({
          ...base,
          itemId: item.id,
          pricingId: item.pricingId,
          changeable: { ...value, previousCostPrice: item.costPrice },
          previous: previousPricing(item),
        });
      continue;
    }
    const proposal = value as ItemProposal;
    if (!item && !proposal.descr)
      addErrors(context, { row, column: 'descr', error: `${catalogueColumnLabel('descr')} is required for a new item.` });
    else if (item && Object.keys(proposal).length === 1)
      addErrors(context, {
        row,
        column: 'catalogueCode',
        error: `The row changes nothing: fill ${columnWords(['descr', 'barcode', 'unitOfMeasure'])} or ${catalogueColumnLabel('packSize')}.`,
      });
    else
      itemRows.push({
        ...base,
        itemId: item?.id ?? null,
        changeable: item ? proposal : { unitOfMeasure: 'EA', packSize: 1, ...proposal },
        previous: previousItem(item),
      });
  }
  if (itemRows.length) await tx.insert(itemChanges).values(itemRows);
  if (pricingRows.length) await tx.insert(pricingChanges).values(pricingRows);
  summary.valid += itemRows.length + pricingRows.length;
}

/** The error file the e-mail attaches and the upload dialog links (GET /uploads/{processId}/errors). */
async function storeErrorsFile({ tx, kind, errors, summary }: Context, uploader: Actor): Promise<number> {
  const content = await uploadErrorsWorkbook(errors, summary.unlistedErrors ?? 0);
  const [report] = await tx
    .insert(uploadedFiles)
    .values({
      fileName: `${kind}_upload_errors.xlsx`,
      contentType: CONTENT_TYPES.xlsx,
      content,
      byteSize: content.length,
      purpose: 'upload-errors',
      uploadedBy: uploader.userId,
    })
    .returning({ id: uploadedFiles.id });
  return report.id;
}

/** Marks the record with its outcome (and its error file) and sends the uploader the error report, both in the job's transaction. */
async function finish(context: Context, uploader: Actor | null): Promise<void> {
  const { tx, kind, upload, errors, summary } = context;
  const unlisted = summary.unlistedErrors ?? 0;
  summary.invalid = summary.rows - summary.valid;
  // In the file's order: rows refused while a batch was written (an unknown item) were found after later rows.
  errors.sort((a, b) => a.row - b.row);
  const errorsFileId = errors.length && uploader ? await storeErrorsFile(context, uploader) : null;
  await tx
    .update(masterdataChanges)
    .set({
      status: summary.valid > 0 ? 'pending' : 'failed',
      newValues: { ...upload.newValues, ...summary, ...(errorsFileId ? { errorsFileId } : {}) },
    })
    .where(eq(masterdataChanges.id, upload.id));
  // The approvers hear of the valid rows now waiting for them (docs/architecture.md "Notifications").
  await notifyChangesWaiting(tx, upload.vendorId, kind === 'items' ? 'item' : 'pricing', summary.valid, upload.requestedBy);
  if (!errorsFileId || !uploader) return;
  const label = kind === 'items' ? 'item' : 'pricing';
  await enqueueInOutbox(tx, 'send-email', {
    to: uploader.email,
    template: 'notification',
    attachFileIds: [errorsFileId],
    data: {
      subject: summary.error
        ? `Your ${label} upload could not be read`
        : `Your ${label} upload: ${summary.invalid} of ${summary.rows} rows could not be used`,
      lines: [
        ...(summary.error
          ? [summary.error]
          : [
              `${summary.valid} rows of your ${label} upload are waiting for approval.`,
              `${summary.invalid} rows could not be used; the attached spreadsheet lists each row, column and error.`,
            ]),
        ...(unlisted
          ? [`It lists the first ${errors.length.toLocaleString('en')} errors; ${unlisted.toLocaleString('en')} more are not listed.`]
          : []),
        `Upload reference: ${upload.processId}`,
      ],
    },
  });
}

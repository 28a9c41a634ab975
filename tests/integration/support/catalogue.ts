import ExcelJS from 'exceljs';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { db } from '../../../db/client';
import { itemChanges, masterdataChanges, outbox, pricingChanges, uploadedFiles, userActivities } from '../../../db/schema';
import { closeTransport } from '../../../emails/transport';
import { processOutboxRow, type OutboxJobDefinition } from '../../../jobs/outbox-job';
import { closeQueue, getQueue } from '../../../jobs/queue';
import { sessionHeaders, userId } from './actors';
import type { TestSmtpServer } from './smtp';

/** A workbook (first sheet) with these rows, as an uploaded file's bytes. */
export async function xlsxOf(rows: readonly (readonly (string | number)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const csvOf = (rows: readonly (readonly (string | number)[])[]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n');

/** The rows of a workbook's first sheet as text, header included, read with exceljs. */
export async function rowsOfXlsx(bytes: ArrayBuffer | Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A signed-in multipart POST as the upload dialog sends it: `file` (when given) and `comments`. */
export async function postUpload(
  handler: Handler,
  url: string,
  email: string,
  { file, fileName = 'upload.xlsx', comments }: { file?: Buffer; fileName?: string; comments?: string } = {},
): Promise<Response> {
  const headers = await sessionHeaders(email);
  delete headers['content-type']; // FormData writes its own, with the boundary
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), fileName);
  if (comments !== undefined) form.append('comments', comments);
  return handler(new Request(new URL(url, 'http://localhost'), { method: 'POST', headers, body: form }), { params: Promise.resolve({}) });
}

/** Runs every waiting outbox row of one job kind through its definition, as the worker would. */
export async function runJobs<P, R>(kind: string, job: OutboxJobDefinition<P, R>): Promise<R[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), inArray(outbox.status, ['pending', 'queued'])))
    .orderBy(outbox.id);
  const results: R[] = [];
  for (const { id } of rows) {
    const outcome = await processOutboxRow(id, job);
    if (outcome.status === 'done') results.push(outcome.result);
  }
  return results;
}

/** Empties and closes the test queue: the web code nudges the relay, which puts jobs there that no worker takes in these tests. */
export async function closeTestQueue(): Promise<void> {
  await (await getQueue()).obliterate({ force: true });
  await closeQueue();
}

/** Removes what catalogue tests made: upload records and their changes, stored files, jobs, e-mails, activities. */
export async function removeCatalogueWork(userIds: number[]): Promise<void> {
  const records = await db
    .select({ processId: masterdataChanges.processId })
    .from(masterdataChanges)
    .where(like(masterdataChanges.eventType, '%.upload'));
  const processIds = records.map((r) => r.processId).filter((id) => !id.startsWith('MDP-'));
  if (processIds.length) {
    await db.delete(itemChanges).where(inArray(itemChanges.processId, processIds));
    await db.delete(pricingChanges).where(inArray(pricingChanges.processId, processIds));
    await db.delete(masterdataChanges).where(inArray(masterdataChanges.processId, processIds));
  }
  await db.delete(outbox).where(or(like(outbox.kind, 'catalogue-%'), eq(outbox.kind, 'send-email')));
  if (userIds.length) {
    await db
      .delete(uploadedFiles)
      .where(
        and(
          inArray(uploadedFiles.uploadedBy, userIds),
          inArray(uploadedFiles.purpose, ['item-upload', 'pricing-upload', 'upload-errors', 'items-download', 'pricing-download']),
        ),
      );
    await db
      .delete(userActivities)
      .where(and(inArray(userActivities.userId, userIds), inArray(userActivities.activity, ['upload', 'export'])));
  }
}

/** The end of a catalogue test file that sent mail: its work removed, the SMTP server, queue and pool closed. */
export async function endMailingCatalogueTests(smtp: TestSmtpServer): Promise<void> {
  await removeCatalogueWork([await userId('supplier@portal.test'), await userId('other.supplier@portal.test')]);
  closeTransport();
  await smtp.stop();
  await closeTestQueue();
}

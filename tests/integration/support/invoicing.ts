import { count, eq, inArray, or } from 'drizzle-orm';
import { db } from '../../../db/client';
import { auditEntries, deliveredLines, invoicedLines, submissionKeys, uploadedFiles, xdocs } from '../../../db/schema';
import { documentState } from './inbox';
import { sessionHeaders } from './actors';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Posts a multipart form as the screens do (POST /invoices, /deliverynotes), with an optional file and Idempotency-Key. */
export async function postForm(
  handler: Handler,
  url: string,
  email: string,
  fields: Record<string, string>,
  { file, key, xsrf = true }: { file?: { bytes: Uint8Array; name: string }; key?: string; xsrf?: boolean } = {},
): Promise<Response> {
  const headers = await sessionHeaders(email, { xsrf });
  delete headers['content-type'];
  if (key) headers['idempotency-key'] = key;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return handler(new Request(new URL(url, 'http://localhost'), { method: 'POST', headers, body: form }), { params: Promise.resolve({}) });
}

/** Everything a submission against an order may write, so a refusal can be shown to have written nothing. */
export async function invoicingSnapshot(orderId: number) {
  const order = await documentState(orderId);
  const raised = await db.select({ n: count() }).from(xdocs).where(eq(xdocs.relatedXdocId, orderId));
  const [invoiced] = await db.select({ n: count() }).from(invoicedLines).where(eq(invoicedLines.orderXdocId, orderId));
  const [delivered] = await db.select({ n: count() }).from(deliveredLines).where(eq(deliveredLines.orderXdocId, orderId));
  const [audit] = await db.select({ n: count() }).from(auditEntries).where(eq(auditEntries.xdocId, orderId));
  return {
    invoicingClosedAt: order.invoicingClosedAt,
    toFollow: order.toFollow,
    raised: raised[0].n,
    invoiced: invoiced.n,
    delivered: delivered.n,
    audit: audit.n,
  };
}

/** Removes the documents submitted against these orders (before the orders themselves go). */
export async function removeRaisedDocuments(orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  const raised = await db.select({ id: xdocs.id, scan: xdocs.scanFileId }).from(xdocs).where(inArray(xdocs.relatedXdocId, orderIds));
  if (!raised.length) return;
  const ids = raised.map((r) => r.id);
  await db.delete(submissionKeys).where(inArray(submissionKeys.xdocId, ids));
  await db.delete(xdocs).where(or(inArray(xdocs.id, ids)));
  const scans = raised.map((r) => r.scan).filter((id): id is number => id !== null);
  if (scans.length) await db.delete(uploadedFiles).where(inArray(uploadedFiles.id, scans));
}

import { and, asc, count, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { auditEntries, xdocLines, xdocs } from '../../../db/schema';

/** Reads back what the inbox endpoints wrote, so tests assert the database and not only the status. */
export async function documentState(id: number) {
  const [row] = await db.select().from(xdocs).where(eq(xdocs.id, id));
  if (!row) throw new Error(`document ${id} is gone`);
  return row;
}

export async function lineStates(id: number) {
  return db
    .select({
      lineNumber: xdocLines.lineNumber,
      response: xdocLines.response,
      reason: xdocLines.reason,
      supplierRef: xdocLines.supplierRef,
      orderDescr: xdocLines.orderDescr,
    })
    .from(xdocLines)
    .where(eq(xdocLines.xdocId, id))
    .orderBy(asc(xdocLines.lineNumber));
}

export async function auditCount(id: number, action?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditEntries)
    .where(and(eq(auditEntries.xdocId, id), action ? eq(auditEntries.action, action) : undefined));
  return row?.n ?? 0;
}

/** The parts of a document a refused request must leave exactly as they were. */
export async function responseSnapshot(id: number) {
  const doc = await documentState(id);
  return {
    respondedAt: doc.respondedAt,
    respondedBy: doc.respondedBy,
    response: doc.response,
    wfStatusCode: doc.wfStatusCode,
    isRead: doc.isRead,
    readAt: doc.readAt,
    lines: await lineStates(id),
    audit: await auditCount(id),
  };
}

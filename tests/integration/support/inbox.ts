import { and, asc, count, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { auditEntries, xdocLines, xdocs } from '../../../db/schema';
import type { InboxListName } from '../../../lib/domain/inbox/queries';

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

/**
 * Each inbox list's documents as docs/api.md defines the tabs, written independently of the portal's own
 * definitions (INBOX_LISTS) so a test can compare the two: columns unqualified, for any alias of xdocs.
 */
export const INBOX_LIST_DOCUMENTS: Record<InboxListName, string> = {
  open_purchase: `xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code is distinct from 'return'`,
  open_return: `xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code = 'return'`,
  responded_return: `xdoc_type_code = 'order' and responded_at is not null and xdoc_sub_type_code = 'return' and invoicing_closed_at is null and wf_status_code in ('confirmed', 'mixed')`,
  to_invoice: `xdoc_type_code = 'order' and responded_at is not null and invoicing_closed_at is null and wf_status_code in ('confirmed', 'mixed') and xdoc_sub_type_code is distinct from 'return'`,
  unread_deliverynote: `xdoc_type_code = 'deliverynote' and is_read = false`,
  unread_dispute: `xdoc_type_code = 'dispute' and is_read = false`,
  unread_remittance: `xdoc_type_code = 'remittance' and is_read = false`,
};

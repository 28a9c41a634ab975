import { eq } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import type { XdocRow } from '../documents/queries';
import { ConflictError } from '../errors';
import { lockOrder, type Attachment } from './raise-document';
import { CREDIT_NOTE_SUBMITTED, DELIVERY_NOTE_SUBMITTED, INVOICE_SUBMITTED } from './schemas';
import { KEY_IN_USE, rememberKey, replayedDocument, submissionHash, violatedConstraint } from './submission-key';

/** What a submission answers (201): the new document, and whether the order left its list. */
export type SubmittedDocument = {
  message: string;
  tinyMce: string;
  docno: string;
  xdocTypeCode: string;
  xdocSubTypeCode: string | null;
  invoiceNumber: string | null;
  deliverynoteNumber: string | null;
  xdocTotalExcl: string;
  xdocTaxAmount: string;
  xdocTotalIncl: string;
  order: { tinyMce: string; docno: string; responded: boolean };
};
export type Submission = { document: SubmittedDocument; replayed: boolean };
export type SubmitOptions = { file?: Attachment; idempotencyKey?: string; today?: string };

export function submittedDocument(doc: typeof xdocs.$inferSelect, order: XdocRow, responded: boolean): SubmittedDocument {
  const message =
    doc.xdocTypeCode === 'deliverynote'
      ? DELIVERY_NOTE_SUBMITTED
      : doc.xdocSubTypeCode === 'creditnote'
        ? CREDIT_NOTE_SUBMITTED
        : INVOICE_SUBMITTED;
  return {
    message,
    tinyMce: doc.tinyMce,
    docno: doc.docno,
    xdocTypeCode: doc.xdocTypeCode,
    xdocSubTypeCode: doc.xdocSubTypeCode,
    invoiceNumber: doc.invoiceNumber,
    deliverynoteNumber: doc.deliverynoteNumber,
    xdocTotalExcl: doc.xdocTotalExcl,
    xdocTaxAmount: doc.xdocTaxAmount,
    xdocTotalIncl: doc.xdocTotalIncl,
    order: { tinyMce: order.tinyMce, docno: order.docno, responded },
  };
}

/** The answer an earlier submission with the same Idempotency-Key gave, rebuilt from what it created. */
async function replay(tx: DbOrTx, xdocId: number, order: XdocRow): Promise<Submission> {
  const [doc] = await tx.select().from(xdocs).where(eq(xdocs.id, xdocId));
  return { document: submittedDocument(doc, order, order.invoicingClosedAt !== null), replayed: true };
}

type Created = { doc: typeof xdocs.$inferSelect; responded: boolean };

/**
 * Runs one submission against an order exactly once: in one transaction that first locks the order
 * (submissions against it run one after another, each reading what the previous one left), replays an
 * earlier submission with the same Idempotency-Key, else runs `work` and records the key with the new
 * document. A unique violation is handed to `refusalFor` (e.g. a duplicate invoice number) before the
 * key's own.
 */
export async function submitOnce(
  actor: Actor,
  orderId: number,
  input: Record<string, unknown>,
  options: SubmitOptions,
  work: (tx: DbOrTx, order: XdocRow) => Promise<Created>,
  refusalFor: (constraint: string) => Promise<Error | null> = async () => null,
): Promise<Submission> {
  const requestHash = submissionHash(input, options.file);
  const key = options.idempotencyKey;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const earlier = key ? await replayedDocument(tx, actor.userId, key, requestHash) : null;
      if (earlier !== null) return replay(tx, earlier, order);
      const { doc, responded } = await work(tx, order);
      if (key) await rememberKey(tx, actor.userId, key, requestHash, doc.id);
      return { document: submittedDocument(doc, order, responded), replayed: false };
    });
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === null) throw error;
    const refusal = await refusalFor(constraint);
    if (refusal) throw refusal;
    if (constraint === 'submission_keys_user_id_key_pk') throw new ConflictError(KEY_IN_USE);
    throw error;
  }
}

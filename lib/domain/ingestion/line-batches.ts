import type { BulkResult, IngestedDocument } from './schemas';

/** A line of a bulk file, parsed: a valid document, or its answer already (not JSON, not valid). */
export type ParsedLine = { line: number; doc: IngestedDocument } | { line: number; result: BulkResult };

/** At most this many documents in one transaction: large enough that a statement's cost is shared, small enough to answer often. */
export const BATCH_DOCUMENTS = 500;
/** …and at most this many document lines (a batch's lines are one json parameter). */
export const BATCH_LINES = 10_000;

const identity = (doc: IngestedDocument) => `${doc.type}\n${doc.docno}`;
/** A goods receipt, delivery note or dispute naming its order: linked to it when it is ingested (batch-lookups.ts). */
export const relatesToOrder = (doc: IngestedDocument) =>
  doc.type !== 'order' && doc.type !== 'return' && doc.type !== 'remittance' && !!doc.orderno;

/**
 * Documents seen so far, to tell whether a next one must see them committed to be ingested as if it came alone:
 * the same document again (the second is unchanged or an update of the first), or a goods receipt, delivery note
 * or dispute whose order is among them (it links to it).
 */
export class DocumentDependencies {
  private readonly identities = new Set<string>();
  private readonly orders = new Set<string>();

  add(doc: IngestedDocument): void {
    this.identities.add(identity(doc));
    if (doc.type === 'order' || doc.type === 'return') this.orders.add(doc.docno);
  }

  dependsOn(doc: IngestedDocument): boolean {
    return this.identities.has(identity(doc)) || (relatesToOrder(doc) && this.orders.has(doc.orderno!));
  }
}

/**
 * The rule of one batch (readyBatches' `newBatch`): besides the limits, a document that depends on one
 * already in the batch (DocumentDependencies) starts the next batch, so it sees that one committed.
 */
export function newBatchRule(): (next: ParsedLine) => boolean {
  let documents = 0;
  let lines = 0;
  const before = new DocumentDependencies();
  return (next) => {
    if (documents >= BATCH_DOCUMENTS) return false;
    if (!('doc' in next)) {
      documents += 1;
      return true;
    }
    const { doc } = next;
    if (documents > 0 && lines + doc.lines.length > BATCH_LINES) return false;
    if (before.dependsOn(doc)) return false;
    documents += 1;
    lines += doc.lines.length;
    before.add(doc);
    return true;
  };
}

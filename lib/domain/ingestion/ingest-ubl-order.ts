import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { vendors } from '../../../db/schema';
import type { IntegrationActor } from '../../auth/integration-actor';
import { ConflictError, RuleViolationError, type DomainError } from '../errors';
import { UNSTORABLE_TEXT, unstorableTextPath } from '../../http/storable-text';
import { readXml } from '../invoicing/ubl-xml';
import { ingestDocument } from './ingest-document';
import { ingestedDocumentSchema, type IngestResult } from './schemas';
import { elementPathOf, ORDER_ROOT, ublOrderOf, type UblOrder } from './ubl-order';

/**
 * POST /api/v1/documents with a UBL 2.1 Order (docs/api.md, "UBL Order"): the XML is read safely (no DOCTYPE,
 * no entities, bounded depth; lib/domain/invoicing/ubl-xml.ts), mapped to the ingestion document and then
 * taken exactly as the same document sent as JSON: the same schema, identity, idempotency and conflicts.
 * Every refusal names the element at fault instead of the JSON field.
 */
export async function ingestUblOrder(actor: IntegrationActor, bytes: Uint8Array): Promise<IngestResult> {
  const root = readXml(bytes, 'body');
  if (root.name !== ORDER_ROOT) {
    const message = `The body is XML but not a UBL 2.1 Order (its root element is ${root.name.replace(/^\{[^}]*\}/, '')} in namespace ${/^\{([^}]*)\}/.exec(root.name)?.[1] || 'none'}).`;
    throw new RuleViolationError(message, { Order: [message] });
  }
  const order = ublOrderOf(root);
  if (Object.keys(order.problems).length) throw refusal(order.problems);
  // A character reference may spell a NUL, which PostgreSQL text cannot hold: refused as the JSON path refuses it.
  const unstorable = unstorableTextPath(order.raw);
  if (unstorable !== null) throw refusal({ [elementPathOf(order, unstorable)]: [UNSTORABLE_TEXT] });
  if (order.sellerGln) order.raw.vendorCode = await vendorCodeOfGln(order, order.sellerGln);
  const parsed = ingestedDocumentSchema.safeParse(order.raw);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[elementPathOf(order, issue.path.join('.'))] ??= []).push(issue.message);
    throw refusal(errors);
  }
  try {
    return await ingestDocument(actor, parsed.data);
  } catch (error) {
    throw error instanceof ConflictError || error instanceof RuleViolationError ? renamed(error, order) : error;
  }
}

async function vendorCodeOfGln(order: UblOrder, gln: string): Promise<string> {
  const [vendor] = await db.select({ code: vendors.code }).from(vendors).where(eq(vendors.electronicAddress, gln));
  if (vendor) return vendor.code;
  throw refusal({ [elementPathOf(order, 'vendorCode')]: [`No vendor with GLN ${gln}.`] });
}

const refusal = (errors: Record<string, string[]>) => {
  const [first] = Object.entries(errors);
  return new RuleViolationError(`${first[0]}: ${first[1][0]}`, errors);
};

/** A refusal of the ingested document (an unknown vendor, a conflict) keyed by the elements instead of the fields. */
function renamed(error: ConflictError | RuleViolationError, order: UblOrder): DomainError {
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) (errors[elementPathOf(order, field)] ??= []).push(...messages);
  if (error instanceof ConflictError) return new ConflictError(error.message, errors);
  const [where] = Object.keys(errors);
  return new RuleViolationError(where ? `${where}: ${error.message}` : error.message, errors);
}

import { randomBytes } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { XdocSubType, XdocType } from '../../../db/schema';
import { documentLabel } from '../../vocabulary';
import type { ResolvedReferences } from './references';
import type { IngestResult, IngestedDocument, IngestedType } from './schemas';

/** How each type is stored, as the seed stores it (db/seed/document-kinds.ts): the description is the sender's data, not a label. */
const KINDS: Record<IngestedType, { type: XdocType; typeDescr: string }> = {
  order: { type: 'order', typeDescr: 'Purchase Order' },
  return: { type: 'order', typeDescr: 'Return Order' },
  'aux.grv': { type: 'aux.grv', typeDescr: 'Goods Received Voucher' },
  remittance: { type: 'remittance', typeDescr: 'Remittance Advice' },
  dispute: { type: 'dispute', typeDescr: 'Dispute' },
  deliverynote: { type: 'deliverynote', typeDescr: 'Delivery Note' },
};

/** What a document of an ingested type is called in messages and audit entries (lib/vocabulary). */
export const typeLabelOf = (type: IngestedType) =>
  documentLabel({ xdocTypeCode: KINDS[type].type, xdocSubTypeCode: type === 'return' ? 'return' : null });

function subTypeOf(doc: IngestedDocument): XdocSubType | null {
  if (doc.type === 'return') return 'return';
  if (doc.type === 'order') return doc.subTypeCode ?? 'normal';
  return null;
}

/** The seed's descriptions when the sender gives none (a 'jab' in it marks a multi-branch order, spec §3). */
function descrOf(doc: IngestedDocument, subType: XdocSubType | null): string | null {
  if (doc.descr) return subType === 'jab' && !/jab/i.test(doc.descr) ? `jab ${doc.descr}` : doc.descr;
  if (subType === 'jab') return 'jab multi-branch order';
  if (subType === 'return') return 'Return order';
  if (doc.type === 'order')
    return doc.orderType === 'promotion'
      ? 'Promotion order'
      : doc.orderType === 'non-stock'
        ? 'Non-stock order'
        : 'Stock replenishment order';
  return null;
}

/** The lines' rows as insertLinesSql reads them: tax and totals are computed there, exactly as the seed computes them. */
export function lineRows(doc: IngestedDocument, refs: ResolvedReferences) {
  return doc.lines.map((l, i) => ({
    line_number: l.lineNumber,
    catalogue_code: l.catalogueCode,
    descr: l.descr ?? null,
    qty: l.qty,
    amount: l.amount,
    tax_percent: l.taxPercent,
    delivery_address_code: refs.lineStores[i].addressCode,
    store_id: refs.lineStores[i].storeId,
  }));
}

/** The lines as one json parameter, expanded in SQL (json, not jsonb: read once, it need not be built as jsonb first). */
export const linesJson = (doc: IngestedDocument, refs: ResolvedReferences): string => JSON.stringify(lineRows(doc, refs));

const LINES_OF = (
  json: string | Placeholder,
) => sql`(select * from json_to_recordset(${json}::json) as x(line_number int, catalogue_code text, descr text,
  qty numeric(12, 2), amount numeric(14, 2), tax_percent numeric(5, 2), delivery_address_code text, store_id int, tiny_mce text))`;

/**
 * Inserts the lines of document `xdocId` from linesJson; tax per line rounded to the cent. For the lines of many
 * documents at once (the bulk path), `xdocId` is a column of `join`, which matches each line's `tiny_mce` to its document.
 */
export function insertLinesSql(xdocId: number | SQL, json: string | Placeholder, join: SQL = sql``): SQL {
  return sql`insert into xdoc_lines (xdoc_id, line_number, catalogue_code, descr, qty, originalqty, amount, originalamount, tax_percent,
      tax_amount, delivery_address_code, store_id)
    select ${xdocId}, l.line_number, l.catalogue_code, l.descr, l.qty, l.qty, l.amount, l.amount, l.tax_percent,
      round(l.qty * l.amount * l.tax_percent / 100, 2), l.delivery_address_code, l.store_id
    from ${LINES_OF(json)} l ${join}`;
}

/** The document's own columns (everything but ids, state and totals), for insert and update alike. */
export function documentColumns(doc: IngestedDocument, refs: ResolvedReferences, relatedXdocId: number | null) {
  const kind = KINDS[doc.type];
  const subType = subTypeOf(doc);
  return {
    docno: doc.docno,
    orderno: kind.type === 'order' ? doc.docno : (doc.orderno ?? null),
    xdocTypeCode: kind.type,
    xdocSubTypeCode: subType,
    xdocTypeDescr: kind.typeDescr,
    xdocDescr: descrOf(doc, subType),
    orderType: doc.type === 'remittance' ? null : (doc.orderType ?? (kind.type === 'order' ? 'stock' : null)),
    subsidiaryId: refs.store.subsidiaryId,
    vendorId: refs.vendorId,
    storeId: refs.store.id,
    regionId: refs.store.regionId,
    divisionId: refs.store.divisionId,
    relatedXdocId,
    docDate: doc.docDate,
    deliveryDate: doc.deliveryDate ?? null,
    deliveryMethod: doc.deliveryMethod ?? null,
    deliveryInstructions: doc.deliveryInstructions ?? null,
    xdocDeliverynoteDate: kind.type === 'deliverynote' ? doc.docDate : null,
    deliverynoteNumber: kind.type === 'deliverynote' ? doc.docno : null,
    reasonCode: doc.reasonCode ?? null,
    // Written with the document, so its lines' insert finds it right and does not update the row again (migration 0027).
    lineCount: new Set(doc.lines.map((l) => l.lineNumber)).size,
  };
}

export const newTinyMce = () => randomBytes(10).toString('hex');

/** What a document's events carry: its result with the codes the sender used. */
export const eventData = (doc: IngestedDocument, result: IngestResult) => ({
  ...result,
  vendorCode: doc.vendorCode,
  storeCode: doc.storeCode,
});

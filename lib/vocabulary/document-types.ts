/**
 * The words for a kind of document, in one place for screens, messages, audit entries, PDFs, e-mails and
 * exports (plain data, so client components use it too). A credit note is an invoice of sub-type
 * creditnote and always reads as a credit note; a return order is an order of sub-type return. A goods
 * received voucher (aux.grv) is the retailer's count of what arrived: it reads by that one name
 * everywhere, whether it found a discrepancy or not (docs/architecture.md "Vocabulary").
 */
import type { ORDER_TYPES, XdocSubType, XdocType } from '../../db/schema/documents';

type OrderType = (typeof ORDER_TYPES)[number];

export type DocumentKind = { xdocTypeCode: string; xdocSubTypeCode?: string | null };

/** Every stored document type (db/schema/documents.ts XDOC_TYPES) and its word. */
export const DOCUMENT_TYPE_LABELS: Record<XdocType, string> = {
  order: 'Order',
  invoice: 'Invoice',
  deliverynote: 'Delivery note',
  remittance: 'Remittance advice',
  dispute: 'Dispute',
  'aux.grv': 'Goods received voucher',
};

/** Sub-types that name a document of their own, whatever its type's word. */
const OWN_KIND_SUB_TYPES: Record<string, Record<string, string>> = {
  order: { return: 'Return order' },
  invoice: { creditnote: 'Credit note' },
};

/** Every stored sub-type (db/schema/documents.ts) as a word, e.g. in a filter or a PDF's facts. */
export const SUB_TYPE_LABELS: Record<XdocSubType, string> = {
  normal: 'Normal',
  direct: 'Direct',
  'semi direct': 'Semi direct',
  jab: 'JAB (multi-branch)',
  return: 'Return order',
  creditnote: 'Credit note',
};

/** What a document of a type the portal does not know reads as. */
export const UNKNOWN_TYPE_WORD = 'Document';

const key = (code: string | null | undefined) => code?.trim().toLowerCase() ?? '';

export const isCreditNote = (doc: DocumentKind): boolean =>
  key(doc.xdocTypeCode) === 'invoice' && key(doc.xdocSubTypeCode) === 'creditnote';

/** 'Order', 'Return order', 'Invoice', 'Credit note', 'Delivery note', 'Goods received voucher', … */
export function documentLabel(doc: DocumentKind): string {
  const type = key(doc.xdocTypeCode);
  return (
    OWN_KIND_SUB_TYPES[type]?.[key(doc.xdocSubTypeCode)] ?? (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? UNKNOWN_TYPE_WORD
  );
}

/** A sub-type code as a word: 'semi direct' → 'Semi direct', 'jab' → 'JAB (multi-branch)'; '' for none. */
export function subTypeLabel(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  return (SUB_TYPE_LABELS as Record<string, string>)[trimmed.toLowerCase()] ?? sentenceCase(trimmed);
}

/** 'semi_direct' or 'someThing' as 'Semi direct' / 'Some thing': how a code nobody named yet still reads as words. */
export function sentenceCase(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An order's order type (spec §3) as a word. */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  stock: 'Stock',
  promotion: 'Promotion',
  'non-stock': 'Non-stock',
};

/** 'Stock', 'Promotion', 'Non-stock'; another code as words; '' for none. */
export function orderTypeLabel(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  return (ORDER_TYPE_LABELS as Record<string, string>)[trimmed.toLowerCase()] ?? sentenceCase(trimmed);
}

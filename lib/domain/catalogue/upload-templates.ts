import { catalogueColumnLabel } from '../masterdata/vocabulary';

/**
 * The columns an item or pricing upload must have (the published templates, docs/api.md), by the
 * names the API uses. The header row must name every one of them, in any order and case; other
 * columns are ignored, so an export (which carries more) can be edited and uploaded again.
 */
export const CATALOGUE_KINDS = ['items', 'pricing'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export const UPLOAD_COLUMNS = {
  items: ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'],
  pricing: ['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'],
} as const satisfies Record<CatalogueKind, readonly string[]>;

export type UploadColumn<K extends CatalogueKind> = (typeof UPLOAD_COLUMNS)[K][number];

export const EVENT_TYPES: Record<CatalogueKind, string> = { items: 'items.upload', pricing: 'pricing.upload' };

/** Template columns as a reader names them, for messages: 'Cost price, Effective from'. */
export const columnWords = (columns: readonly string[]) => columns.map(catalogueColumnLabel).join(', ');

/** Uploaded files are kept in PostgreSQL; 10 MB holds well over 100,000 price rows. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** A header as compared: no case, spaces, dashes or underscores ('Vendor code', 'vendorCode' → 'vendorcode'). */
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Which template columns a header row lacks, and where each template column sits in the row. A column
 * is found by its API name or by its words as the exports and the template write them ('Vendor code'),
 * in any case and spacing, so an exported sheet can be edited and uploaded again.
 */
export function matchHeader(kind: CatalogueKind, header: readonly string[]): { missing: string[]; positions: Record<string, number> } {
  const normalised = header.map(headerKey);
  const positions: Record<string, number> = {};
  const missing: string[] = [];
  for (const column of UPLOAD_COLUMNS[kind]) {
    let at = normalised.indexOf(headerKey(column));
    if (at < 0) at = normalised.indexOf(headerKey(catalogueColumnLabel(column)));
    if (at < 0) missing.push(column);
    else positions[column] = at;
  }
  return { missing, positions };
}

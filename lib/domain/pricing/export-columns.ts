import type { XlsxColumn } from '../../exports/xlsx';
import type { PricingRow } from './queries';

/**
 * The pricing export (also named items_export.xlsx, spec §9): the upload template's columns first.
 * Prices are written as numbers, which is what a spreadsheet sums; they have two decimals.
 */
export const PRICING_EXPORT_COLUMNS: XlsxColumn<PricingRow>[] = [
  { header: 'vendorCode', value: (r) => r.vendorCode },
  { header: 'catalogueCode', value: (r) => r.catalogueCode },
  { header: 'costPrice', value: (r) => Number(r.costPrice) },
  { header: 'effectiveFrom', value: (r) => r.effectiveFrom },
  { header: 'descr', width: 40, value: (r) => r.descr },
  { header: 'subsidiaryCode', value: (r) => r.subsidiaryCode },
  { header: 'retailPrice', value: (r) => (r.retailPrice === null ? null : Number(r.retailPrice)) },
  { header: 'effectiveTo', value: (r) => r.effectiveTo },
  { header: 'status', value: (r) => r.status },
];

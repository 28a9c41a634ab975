import { XLSX_DATE_FORMAT, xlsxDate, type XlsxColumn } from '../../exports/xlsx';
import { changeStatusLabel } from '../../vocabulary';
import { catalogueColumnLabel } from '../masterdata/vocabulary';
import type { PricingRow } from './queries';

/**
 * The pricing export (also named items_export.xlsx, spec §9): the upload template's columns first.
 * Prices are written as numbers, which is what a spreadsheet sums; they have two decimals.
 */
export const PRICING_EXPORT_COLUMNS: XlsxColumn<PricingRow>[] = [
  { header: catalogueColumnLabel('vendorCode'), value: (r) => r.vendorCode },
  { header: catalogueColumnLabel('catalogueCode'), value: (r) => r.catalogueCode },
  { header: catalogueColumnLabel('costPrice'), value: (r) => Number(r.costPrice) },
  { header: catalogueColumnLabel('effectiveFrom'), numFmt: XLSX_DATE_FORMAT, value: (r) => xlsxDate(r.effectiveFrom) },
  { header: catalogueColumnLabel('descr'), width: 40, value: (r) => r.descr },
  { header: catalogueColumnLabel('subsidiaryCode'), value: (r) => r.subsidiaryCode },
  { header: catalogueColumnLabel('retailPrice'), value: (r) => (r.retailPrice === null ? null : Number(r.retailPrice)) },
  { header: catalogueColumnLabel('effectiveTo'), numFmt: XLSX_DATE_FORMAT, value: (r) => xlsxDate(r.effectiveTo) },
  { header: catalogueColumnLabel('status'), value: (r) => changeStatusLabel(r.status) },
];

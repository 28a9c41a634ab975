import { catalogueColumnLabel as words } from '../masterdata/vocabulary';
import { isoDate } from '../query-text';
import type { CatalogueKind } from './upload-templates';

/**
 * A problem with one cell (or the file, column 'file') of an uploaded file, as the error report lists it:
 * `column` is the template's API name, the message names fields in the vocabulary's words ('Cost price'),
 * as the error file's Column does, whichever header the file used.
 */
export type RowError = { row: number; column: string; error: string };

/** A row's cells by template column. */
export type RowCells = Record<string, string>;

const CODE = /^[A-Za-z0-9._-]{1,40}$/;
const BARCODE = /^\d{8,14}$/;
const UNIT = /^[A-Za-z]{1,10}$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const effectiveFromDate = isoDate(words('effectiveFrom'));

/** The item fields a row proposes (empty cells propose nothing). */
export type ItemProposal = { catalogueCode: string; descr?: string; barcode?: string; unitOfMeasure?: string; packSize?: number };
export type PricingProposal = { catalogueCode: string; costPrice: string; effectiveFrom: string };

type Checked<T> = { value: T; errors: [] } | { value: null; errors: RowError[] };

const failed = (errors: RowError[]) => ({ value: null, errors }) as const;

/** The checks every row has: the vendor is the file's and the item code is well formed. */
function commonErrors(row: number, cells: RowCells, fileVendor: { code: string }, writableCodes: ReadonlySet<string>): RowError[] {
  const errors: RowError[] = [];
  const vendor = cells.vendorCode.toUpperCase();
  if (!vendor) errors.push({ row, column: 'vendorCode', error: `${words('vendorCode')} is required.` });
  else if (!writableCodes.has(vendor))
    errors.push({ row, column: 'vendorCode', error: `Vendor ${cells.vendorCode} is not one of your vendors.` });
  else if (vendor !== fileVendor.code)
    errors.push({ row, column: 'vendorCode', error: `One file holds one vendor's rows: this file is for ${fileVendor.code}.` });
  if (!cells.catalogueCode) errors.push({ row, column: 'catalogueCode', error: `${words('catalogueCode')} is required.` });
  else if (!CODE.test(cells.catalogueCode))
    errors.push({
      row,
      column: 'catalogueCode',
      error: `${words('catalogueCode')} may hold at most 40 letters, digits, dots, dashes and underscores.`,
    });
  return errors;
}

/** The shape checks of an item row; whether the code is new or known is decided against the database later. */
export function checkItemRow(
  row: number,
  cells: RowCells,
  fileVendor: { code: string },
  writableCodes: ReadonlySet<string>,
): Checked<ItemProposal> {
  const errors = commonErrors(row, cells, fileVendor, writableCodes);
  const { descr, barcode, unitOfMeasure, packSize } = cells;
  if (descr.length > 200) errors.push({ row, column: 'descr', error: `${words('descr')} may be at most 200 characters.` });
  if (barcode && !BARCODE.test(barcode)) errors.push({ row, column: 'barcode', error: `${words('barcode')} must be 8 to 14 digits.` });
  if (unitOfMeasure && !UNIT.test(unitOfMeasure))
    errors.push({ row, column: 'unitOfMeasure', error: `${words('unitOfMeasure')} must be 1 to 10 letters.` });
  const pack = Number(packSize);
  if (packSize && (!Number.isInteger(pack) || pack < 1 || pack > 100000))
    errors.push({ row, column: 'packSize', error: `${words('packSize')} must be a whole number from 1 to 100000.` });
  if (errors.length) return failed(errors);
  const value: ItemProposal = { catalogueCode: cells.catalogueCode };
  if (descr) value.descr = descr;
  if (barcode) value.barcode = barcode;
  if (unitOfMeasure) value.unitOfMeasure = unitOfMeasure.toUpperCase();
  if (packSize) value.packSize = pack;
  return { value, errors: [] };
}

/** The shape checks of a pricing row: a price of zero or more with at most two decimals, and a real date. */
export function checkPricingRow(
  row: number,
  cells: RowCells,
  fileVendor: { code: string },
  writableCodes: ReadonlySet<string>,
): Checked<PricingProposal> {
  const errors = commonErrors(row, cells, fileVendor, writableCodes);
  const { costPrice, effectiveFrom } = cells;
  if (!costPrice) errors.push({ row, column: 'costPrice', error: `${words('costPrice')} is required.` });
  else if (Number(costPrice) < 0) errors.push({ row, column: 'costPrice', error: `${words('costPrice')} must be zero or more.` });
  else if (!MONEY.test(costPrice))
    errors.push({ row, column: 'costPrice', error: `${words('costPrice')} must be an amount with at most two decimals.` });
  if (!effectiveFrom) errors.push({ row, column: 'effectiveFrom', error: `${words('effectiveFrom')} is required.` });
  else {
    const date = effectiveFromDate.safeParse(effectiveFrom);
    if (!date.success) errors.push({ row, column: 'effectiveFrom', error: date.error.issues[0].message });
  }
  if (errors.length) return failed(errors);
  return { value: { catalogueCode: cells.catalogueCode, costPrice: Number(costPrice).toFixed(2), effectiveFrom }, errors: [] };
}

export const rowCheckers: Record<CatalogueKind, typeof checkItemRow | typeof checkPricingRow> = {
  items: checkItemRow,
  pricing: checkPricingRow,
};

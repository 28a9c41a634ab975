import { checkItemRow, checkPricingRow } from './row-rules';
import { matchHeader } from './upload-templates';

const vendor = { code: 'V0001' };
const mine = new Set(['V0001', 'V0002']);
const price = (cells: Partial<Record<string, string>>) =>
  checkPricingRow(
    5,
    { vendorCode: 'V0001', catalogueCode: '101001', costPrice: '1.00', effectiveFrom: '2026-12-01', ...cells },
    vendor,
    mine,
  );
const item = (cells: Partial<Record<string, string>>) =>
  checkItemRow(
    5,
    { vendorCode: 'V0001', catalogueCode: '101001', descr: '', barcode: '', unitOfMeasure: '', packSize: '', ...cells },
    vendor,
    mine,
  );
const messages = (checked: { errors: { column: string; error: string }[] }) => checked.errors.map((e) => `${e.column}: ${e.error}`);

describe('pricing rows', () => {
  it('takes a price of zero or more with at most two decimals, written with two', () => {
    expect(price({ costPrice: '12.5' }).value).toEqual({ catalogueCode: '101001', costPrice: '12.50', effectiveFrom: '2026-12-01' });
    expect(price({ costPrice: '0' }).value?.costPrice).toBe('0.00');
    expect(messages(price({ costPrice: '-0.01' }))).toEqual(['costPrice: Cost price must be zero or more.']);
    expect(messages(price({ costPrice: '1.234' }))).toEqual(['costPrice: Cost price must be an amount with at most two decimals.']);
    expect(messages(price({ costPrice: 'abc' }))).toEqual(['costPrice: Cost price must be an amount with at most two decimals.']);
    expect(messages(price({ costPrice: '' }))).toEqual(['costPrice: Cost price is required.']);
  });

  it('names the fields in words, as the error file’s Column does', () => {
    expect(messages(price({ vendorCode: '', catalogueCode: '', effectiveFrom: '' }))).toEqual([
      'vendorCode: Vendor code is required.',
      'catalogueCode: Catalogue code is required.',
      'effectiveFrom: Effective from is required.',
    ]);
  });

  it('takes only real yyyy-mm-dd dates', () => {
    expect(messages(price({ effectiveFrom: '2026-02-30' }))).toEqual(['effectiveFrom: Effective from is not a valid date.']);
    expect(messages(price({ effectiveFrom: '01/12/2026' }))).toEqual(['effectiveFrom: Effective from must be a date as yyyy-mm-dd.']);
  });

  it('refuses a vendor the uploader does not write for, and another of its own vendors than the file’s', () => {
    expect(messages(price({ vendorCode: 'V0003' }))).toEqual(['vendorCode: Vendor V0003 is not one of your vendors.']);
    expect(messages(price({ vendorCode: 'V0002' }))).toEqual(["vendorCode: One file holds one vendor's rows: this file is for V0001."]);
    expect(price({ vendorCode: 'v0001' }).errors).toEqual([]);
  });
});

describe('item rows', () => {
  it('proposes only the fields given, the unit upper-cased', () => {
    expect(item({ descr: 'New name', unitOfMeasure: 'cs', packSize: '12' }).value).toEqual({
      catalogueCode: '101001',
      descr: 'New name',
      unitOfMeasure: 'CS',
      packSize: 12,
    });
  });

  it('names every bad cell of a row', () => {
    expect(messages(item({ catalogueCode: 'a b', barcode: '12', unitOfMeasure: 'E1', packSize: '1.5' }))).toEqual([
      'catalogueCode: Catalogue code may hold at most 40 letters, digits, dots, dashes and underscores.',
      'barcode: Barcode must be 8 to 14 digits.',
      'unitOfMeasure: Unit of measure must be 1 to 10 letters.',
      'packSize: Pack size must be a whole number from 1 to 100000.',
    ]);
  });
});

describe('upload header', () => {
  it('finds the template columns in any order and case, ignoring others, and names the missing ones', () => {
    expect(matchHeader('pricing', ['Extra', ' COSTPRICE ', 'catalogueCode', 'vendorcode', 'effectiveFrom'])).toEqual({
      missing: [],
      positions: { vendorCode: 3, catalogueCode: 2, costPrice: 1, effectiveFrom: 4 },
    });
    expect(matchHeader('items', ['vendorCode', 'catalogueCode']).missing).toEqual(['descr', 'barcode', 'unitOfMeasure', 'packSize']);
  });
});

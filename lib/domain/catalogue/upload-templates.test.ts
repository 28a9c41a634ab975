import { ITEM_EXPORT_COLUMNS } from '../items/export-columns';
import { PRICING_EXPORT_COLUMNS } from '../pricing/export-columns';
import { matchHeader } from './upload-templates';

describe('upload header', () => {
  it('finds the template columns by their API names in any case', () => {
    expect(matchHeader('pricing', ['VENDORCODE', 'catalogueCode', 'costprice', 'effectiveFrom'])).toEqual({
      missing: [],
      positions: { vendorCode: 0, catalogueCode: 1, costPrice: 2, effectiveFrom: 3 },
    });
  });

  it('reads the header an export writes in words, so an edited export uploads again', () => {
    expect(
      matchHeader(
        'items',
        ITEM_EXPORT_COLUMNS.map((c) => c.header),
      ).missing,
    ).toEqual([]);
    expect(
      matchHeader(
        'pricing',
        PRICING_EXPORT_COLUMNS.map((c) => c.header),
      ),
    ).toMatchObject({
      missing: [],
      positions: { vendorCode: 0, catalogueCode: 1, costPrice: 2, effectiveFrom: 3 },
    });
    expect(ITEM_EXPORT_COLUMNS[0].header).toBe('Vendor code');
  });

  it('names what a header lacks', () => {
    expect(matchHeader('pricing', ['Vendor code', 'Cost price']).missing).toEqual(['catalogueCode', 'effectiveFrom']);
  });
});

import { changeSummary, comparedFields, type ChangeRow } from './change-fields';

const base: ChangeRow = {
  id: 1,
  kind: 'item',
  status: 'pending',
  changeable: { catalogueCode: '101001', packSize: 12 },
  current: { catalogueCode: '101001', descr: 'Milk', barcode: '600', unitOfMeasure: 'EA', packSize: 6, active: true },
  comments: null,
  process_id: null,
  vendor: { id: 1, code: 'V0001', name: 'Highveld' },
  requested_by: null,
  decided_by: null,
  created_at: '2026-10-01T07:10:00.000Z',
  decided_at: null,
};

describe('comparedFields', () => {
  it('lists every field of the kind, the ones not in the change marked as kept', () => {
    const fields = comparedFields(base);
    expect(fields.map((f) => f.key)).toEqual(['catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize', 'active']);
    expect(fields.find((f) => f.key === 'descr')).toMatchObject({ current: 'Milk', unchanged: true });
    expect(fields.find((f) => f.key === 'packSize')).toMatchObject({ current: 6, proposed: 12, unchanged: false });
  });

  it('names the fields in the vocabulary’s words and shows a price’s start date as DD-MM-YYYY', () => {
    const pricing: ChangeRow = {
      ...base,
      kind: 'pricing',
      changeable: { catalogueCode: '101001', costPrice: '12.50', effectiveFrom: '2026-12-01' },
      current: { catalogueCode: '101001', costPrice: '12.00', effectiveFrom: '2026-06-01' },
    };
    expect(comparedFields(pricing).map((f) => [f.label, f.current, f.proposed])).toEqual([
      ['Catalogue code', '101001', '101001'],
      ['Cost price', '12.00', '12.50'],
      ['Effective from', '01-06-2026', '01-12-2026'],
    ]);
  });
});

describe('changeSummary', () => {
  it('names the changed fields, or says the change adds something new', () => {
    expect(changeSummary(base)).toBe('Pack size');
    expect(changeSummary({ ...base, current: null })).toBe('New item');
    expect(changeSummary({ ...base, kind: 'pricing', current: null })).toBe('New price');
  });
});

import { readableCatalogueChange, readableVendorChange } from './readable-change';

const none = { current: null, proposed: null };

describe('readableVendorChange (issue 27: approvers see what they approve)', () => {
  it('names the fields in the form’s order and leaves out those empty on both sides', () => {
    const lines = readableVendorChange({ contactName: 'Old', vatNumber: '4001' }, { contactName: 'New', vatNumber: '4001' }, none);
    expect(lines.map((l) => [l.label, l.current, l.proposed, l.changed])).toEqual([
      ['VAT number', '4001', '4001', false],
      ['Contact name', 'Old', 'New', true],
    ]);
  });

  it('shows bank details part by part, old beside new, or one line when they are hidden', () => {
    const lines = readableVendorChange({ bank: { name: 'A', account: '1' } }, { bank: { name: 'A', account: '2', branchCode: '3' } }, none);
    expect(lines.map((l) => [l.label, l.current, l.proposed, l.changed])).toEqual([
      ['Bank', 'A', 'A', false],
      ['Account number', '1', '2', true],
      ['Branch code', null, '3', true],
    ]);
    const hidden = readableVendorChange({ bank: 'hidden' }, { bank: 'hidden' }, none);
    expect(hidden).toEqual([expect.objectContaining({ label: 'Bank details', changed: false })]);
  });

  it('shows the certificate as files, unchanged when none is proposed', () => {
    const old = { id: 14, name: 'old.pdf' };
    const proposed = { id: 15, name: 'new.pdf' };
    const [changed] = readableVendorChange({}, {}, { current: old, proposed });
    expect(changed).toMatchObject({
      label: 'B-BBEE certificate',
      current: 'old.pdf',
      proposed: 'new.pdf',
      changed: true,
      proposedFile: proposed,
    });
    const [kept] = readableVendorChange({}, {}, { current: old, proposed: null });
    expect(kept).toMatchObject({ current: 'old.pdf', proposed: 'old.pdf', changed: false, proposedFile: old });
    expect(readableVendorChange({}, { bbbeeFileId: 15 }, none)).toEqual([]);
  });

  it('shows the certificate’s expiry date as DD-MM-YYYY', () => {
    expect(readableVendorChange({ bbbeeExpiry: '2026-03-31' }, { bbbeeExpiry: '2027-03-31' }, none)).toEqual([
      expect.objectContaining({ label: 'B-BBEE expiry date', current: '31-03-2026', proposed: '31-03-2027', changed: true }),
    ]);
  });

  it('spells out a key nobody named yet instead of showing camelCase', () => {
    expect(readableVendorChange({}, { tradingName: 'Acme' }, none)[0]).toMatchObject({ label: 'Trading name', proposed: 'Acme' });
  });
});

describe('readableCatalogueChange', () => {
  it('takes the old price from the change itself, so an applied change still reads old → new', () => {
    const lines = readableCatalogueChange(
      { catalogueCode: 'C1', costPrice: '21.00', previousCostPrice: '20.15' },
      { catalogueCode: 'C1', costPrice: '21.00' },
    );
    expect(lines.map((l) => [l.label, l.current, l.proposed, l.changed])).toEqual([
      ['Catalogue code', 'C1', 'C1', false],
      ['Cost price', '20.15', '21.00', true],
    ]);
  });

  it('shows a price’s dates as DD-MM-YYYY', () => {
    const lines = readableCatalogueChange(
      { catalogueCode: 'C1', effectiveFrom: '2026-12-01' },
      { catalogueCode: 'C1', effectiveFrom: '2026-06-01' },
    );
    expect(lines[1]).toMatchObject({ label: 'Effective from', current: '01-06-2026', proposed: '01-12-2026', changed: true });
  });
});

import { ACTIVITIES } from '@/lib/domain/audit/activities';
import { activityDetailText, activityLabel } from './activity-words';

describe('activity words', () => {
  it('names every recorded activity in words, none as its code', () => {
    for (const code of ACTIVITIES) {
      expect(activityLabel(code)).not.toBe(code);
      expect(activityLabel(code)).toMatch(/^[A-Z][a-z -]+$/);
    }
  });

  it('reads a detail as words, without JSON braces or internal ids', () => {
    const text = activityDetailText({ user: 'thandi@portal.test', userId: 12, vendors: ['V0001', 'V0002'], write: true });
    expect(text).toBe('User: thandi@portal.test · Vendors: V0001, V0002 · Write access: yes');
  });

  it('splits unknown keys into words and nested objects into a bracketed list', () => {
    const text = activityDetailText({ report: 'history.xlsx', rows: 3, filter: { dateFrom: '2026-01-01', vendorCode: 'V0001' } });
    expect(text).toBe('Report: history.xlsx · Rows: 3 · Filter: (Date from: 2026-01-01; Vendor code: V0001)');
    expect(text).not.toMatch(/[{}"]/);
  });

  it('says nothing for a missing detail and leaves out empty values', () => {
    expect(activityDetailText(null)).toBe('');
    expect(activityDetailText({ tinyMce: 'abc', docno: 'PO1', reason: '' })).toBe('Document: PO1');
  });
});

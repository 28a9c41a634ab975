import { intText, isoDate } from './query-text';

describe('isoDate', () => {
  const date = isoDate('fromDate');
  it('takes real calendar dates from year 0001 to 9999', () => {
    for (const v of ['0001-01-01', '2026-02-28', '2024-02-29', '9999-12-31']) expect(date.safeParse(v).success).toBe(true);
  });
  it('refuses dates PostgreSQL or the calendar does not have', () => {
    for (const v of ['0000-01-01', '0000-02-29', '2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '+02026-01-01'])
      expect(date.safeParse(v).success).toBe(false);
  });
});

describe('intText', () => {
  const page = intText('page', { max: 100 });
  const messageOf = (v: unknown) => page.safeParse(v).error?.issues[0]?.message;
  it('takes decimal digits, with spaces around them, and numbers', () => {
    expect(page.parse('12')).toBe(12);
    expect(page.parse(' 7 ')).toBe(7);
    expect(page.parse(3)).toBe(3);
  });
  it('refuses what Number() would quietly turn into a number', () => {
    for (const v of ['0x10', '1e1', '0b11', '0o7', '', ' ', '+5', '5px', 'Infinity']) expect(messageOf(v)).toBe('page must be a number.');
  });
  it('names the rule a number breaks', () => {
    expect(messageOf('1.5')).toBe('page must be a whole number.');
    expect(messageOf('0')).toBe('page must be at least 1.');
    expect(messageOf('101')).toBe('page must be at most 100.');
  });
});

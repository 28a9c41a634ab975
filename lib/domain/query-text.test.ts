import { isoDate } from './query-text';

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

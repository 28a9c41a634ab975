import { format } from 'date-fns';
import {
  calendarDay,
  calendarDayValue,
  formatDateDashes,
  formatDateDots,
  formatDateTime,
  formatPickerDate,
  parseDdMmYyyy,
  parsePickerDate,
  todayInSouthAfrica,
  toIsoDate,
} from './dates';

describe('date formatters (spec §9)', () => {
  const moment = new Date('2026-11-21T07:05:00Z'); // 21 Nov 2026 09:05 in South Africa

  it('formats DD.MM.YYYY', () => {
    expect(formatDateDots(moment)).toBe('21.11.2026');
    expect(formatDateDots('2026-01-02')).toBe('02.01.2026');
  });

  it('formats DD-MM-YYYY and DD-MM-YYYY HH:mm', () => {
    expect(formatDateDashes('2026-11-21')).toBe('21-11-2026');
    expect(formatDateTime(moment)).toBe('21-11-2026 09:05');
    expect(formatDateTime('2026-11-21T17:45:00')).toBe('21-11-2026 17:45');
    expect(formatDateTime('2026-11-21 17:45:00')).toBe('21-11-2026 17:45');
  });

  it('formats yyyy-MM-dd', () => {
    expect(toIsoDate(moment)).toBe('2026-11-21');
    expect(toIsoDate(moment.getTime())).toBe('2026-11-21');
  });

  it('reads a date-only string as that date, so it never shifts by a day', () => {
    expect(formatDateDots('2026-03-01')).toBe('01.03.2026');
  });

  it('shows every instant in South African time (UTC+2), whatever zone the process runs in', () => {
    expect(formatDateTime('2026-11-21T10:00:00Z')).toBe('21-11-2026 12:00');
    expect(formatDateTime('2026-11-21T23:30:00Z')).toBe('22-11-2026 01:30');
    expect(formatDateTime('2026-11-21T10:00:00-05:00')).toBe('21-11-2026 17:00');
    // Late on the 21st in UTC is already the 22nd in South Africa: its date, and "today", say so.
    expect(toIsoDate(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22');
    expect(todayInSouthAfrica(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22');
    expect(todayInSouthAfrica(new Date('2026-11-21T21:59:00Z'))).toBe('2026-11-21');
  });

  it('gives an empty string for empty, null and invalid values', () => {
    for (const fn of [formatDateDots, formatDateDashes, formatDateTime, toIsoDate]) {
      expect(fn(null)).toBe('');
      expect(fn(undefined)).toBe('');
      expect(fn('')).toBe('');
      expect(fn('not a date')).toBe('');
      expect(fn(new Date(Number.NaN))).toBe('');
    }
  });
});

describe('API dates (yyyy-MM-dd strings)', () => {
  it('formats every day of a leap year and the next exactly as date-fns does', () => {
    for (let day = 0; day < 731; day++) {
      const date = new Date(2028, 0, 1 + day);
      const iso = format(date, 'yyyy-MM-dd');
      expect(formatDateDots(iso)).toBe(format(date, 'dd.MM.yyyy'));
      expect(formatDateDashes(iso)).toBe(format(date, 'dd-MM-yyyy'));
      expect(toIsoDate(iso)).toBe(iso);
      expect(formatDateTime(iso)).toBe(format(date, 'dd-MM-yyyy 00:00'));
    }
  });

  it('gives an empty string for impossible dates', () => {
    for (const fn of [formatDateDots, formatDateDashes, toIsoDate, formatDateTime]) {
      expect(fn('2026-02-29')).toBe('');
      expect(fn('2026-13-01')).toBe('');
      expect(fn('2026-04-31')).toBe('');
    }
    expect(formatDateDashes('2028-02-29')).toBe('29-02-2028');
  });
});

describe('parseDdMmYyyy', () => {
  it('parses DD-MM-YYYY to a local date', () => {
    expect(parseDdMmYyyy('21-11-2026')).toEqual(new Date(2026, 10, 21));
  });

  it('parses DD-MM-YYYY HH:mm', () => {
    expect(parseDdMmYyyy('21-11-2026 13:30')).toEqual(new Date(2026, 10, 21, 13, 30));
  });

  it('returns null for other formats and impossible dates', () => {
    expect(parseDdMmYyyy('2026-11-21')).toBeNull();
    expect(parseDdMmYyyy('21.11.2026')).toBeNull();
    expect(parseDdMmYyyy('31-02-2026')).toBeNull();
    expect(parseDdMmYyyy('abc')).toBeNull();
    expect(parseDdMmYyyy('')).toBeNull();
    expect(parseDdMmYyyy(null)).toBeNull();
  });
});

describe('date pickers (spec §9)', () => {
  const today = new Date(2026, 10, 26);

  it('show a yyyy-mm-dd value as mm/dd/yy by default, yy-mm-dd on the remittance tab, yyyy-mm-dd for the invoice date', () => {
    expect(formatPickerDate('2026-11-05', 'default')).toBe('11/05/26');
    expect(formatPickerDate('2026-11-05', 'remittance')).toBe('26-11-05');
    expect(formatPickerDate('2026-11-05', 'invoice')).toBe('2026-11-05');
    expect(formatPickerDate('', 'default')).toBe('');
    expect(formatPickerDate('2026-02-30', 'default')).toBe('');
  });

  it('read what was typed in the format shown, or a pasted yyyy-mm-dd date, as yyyy-mm-dd', () => {
    expect(parsePickerDate('11/05/26', 'default', today)).toBe('2026-11-05');
    expect(parsePickerDate('1/5/26', 'default', today)).toBe('2026-01-05');
    expect(parsePickerDate('26-11-05', 'remittance', today)).toBe('2026-11-05');
    expect(parsePickerDate('2026-11-05', 'remittance', today)).toBe('2026-11-05');
    expect(parsePickerDate('2026-11-05', 'default', today)).toBe('2026-11-05');
    expect(parsePickerDate('2026-11-05', 'invoice', today)).toBe('2026-11-05');
  });

  it('refuse what is no date', () => {
    expect(parsePickerDate('11/05', 'default', today)).toBeNull();
    expect(parsePickerDate('02/30/26', 'default', today)).toBeNull();
    expect(parsePickerDate('11/05/2026', 'default', today)).toBeNull();
    expect(parsePickerDate('26-1-1', 'invoice', today)).toBeNull();
    expect(parsePickerDate('1/5/2', 'default', today)).toBeNull();
    expect(parsePickerDate('2-11-05', 'remittance', today)).toBeNull();
  });

  it('keep a calendar day the day it is, whatever the zone', () => {
    expect(calendarDayValue(calendarDay('2026-03-01')!)).toBe('2026-03-01');
  });
});

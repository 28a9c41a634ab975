import { tz } from '@date-fns/tz';
import { format, isValid, parse, parseISO } from 'date-fns';

/** The date formats of spec §9, in one place, all on one clock. */

/**
 * The portal's one clock: South African time (SAST, UTC+2 all year). Every date and time the portal
 * shows, in screens, PDFs, e-mails and exports, and every "today" its rules use, is read and written in
 * this zone, whatever zone the server or the browser runs in; docs/architecture.md.
 */
export const PORTAL_TIME_ZONE = 'Africa/Johannesburg';
/** Said beside a time where the reader might take it for their own zone's (e-mails, PDFs, exports). */
export const PORTAL_TIME_LABEL = 'SAST';
const inPortalZone = { in: tz(PORTAL_TIME_ZONE) };

export type DateInput = Date | string | number | null | undefined;

/**
 * Date-only strings ('2026-11-21') and timestamps without an offset are read as South African dates
 * and times, so they never shift with the reader's zone; timestamps with an offset or 'Z' are instants.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else date = parseISO(value.trim(), inPortalZone);
  return isValid(date) ? date : null;
}

const ISO_DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_ONLY_PATTERNS: Record<string, (y: string, m: string, d: string) => string> = {
  'dd.MM.yyyy': (y, m, d) => `${d}.${m}.${y}`,
  'dd-MM-yyyy': (y, m, d) => `${d}-${m}-${y}`,
  'yyyy-MM-dd': (y, m, d) => `${y}-${m}-${d}`,
};

/*
 * Lists show hundreds of API dates ('2026-11-21') per render, and date-fns parse plus format is the
 * costliest part of rendering a row; a date-only pattern of a valid ISO date is rearranged directly.
 */
function formatWith(pattern: string, value: DateInput): string {
  const iso = typeof value === 'string' ? ISO_DATE_ONLY.exec(value.trim()) : null;
  const rearrange = DATE_ONLY_PATTERNS[pattern];
  if (iso && rearrange && isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return rearrange(iso[1], iso[2], iso[3]);
  const date = toDate(value);
  return date ? format(date, pattern, inPortalZone) : '';
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** DD.MM.YYYY */
export const formatDateDots = (value: DateInput): string => formatWith('dd.MM.yyyy', value);
/** DD-MM-YYYY */
export const formatDateDashes = (value: DateInput): string => formatWith('dd-MM-yyyy', value);
/** DD-MM-YYYY HH:mm (24-hour), South African time */
export const formatDateTime = (value: DateInput): string => formatWith('dd-MM-yyyy HH:mm', value);
/** yyyy-MM-dd, the format the date pickers and the API use; of a moment, its South African date. */
export const toIsoDate = (value: DateInput): string => formatWith('yyyy-MM-dd', value);

const DD_MM_YYYY = /^(\d{2}-\d{2}-\d{4})(?: (\d{2}:\d{2}))?$/;

/**
 * Reads 'DD-MM-YYYY' (optionally followed by ' HH:mm', as formatDateTime writes it) so table
 * columns showing such text sort as dates. Returns null for anything else, including 31-02-2026.
 */
export function parseDdMmYyyy(value: string | null | undefined): Date | null {
  const match = value ? DD_MM_YYYY.exec(value.trim()) : null;
  if (!match) return null;
  const date = match[2] ? parse(`${match[1]} ${match[2]}`, 'dd-MM-yyyy HH:mm', new Date(0)) : parse(match[1], 'dd-MM-yyyy', new Date(0));
  return isValid(date) ? date : null;
}

/**
 * Today's date in South Africa (yyyy-MM-dd): the one "today" of every date rule and default, in the
 * browser as on the server (a browser elsewhere, or one just past midnight UTC, has another date).
 * SQL rules use lib/domain/south-african-today.ts, the same day in PostgreSQL.
 */
export const todayInSouthAfrica = (now: Date = new Date()): string => toIsoDate(now);

/** The yyyy-mm-dd date `days` calendar days before a yyyy-mm-dd date ('2026-11-24', 45 → '2026-10-10'). */
export function daysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * What the date pickers show (spec §9): mm/dd/yy by default, yy-mm-dd on the remittance tab, yyyy-mm-dd
 * for the invoice date (§5). Only the text shown changes: a picker's value, in forms and the API, is
 * always yyyy-mm-dd.
 */
export const PICKER_FORMATS = {
  default: { pattern: 'MM/dd/yy', hint: 'mm/dd/yy', shape: /^\d{1,2}\/\d{1,2}\/\d{2}$/ },
  remittance: { pattern: 'yy-MM-dd', hint: 'yy-mm-dd', shape: /^\d{2}-\d{1,2}-\d{1,2}$/ },
  invoice: { pattern: 'yyyy-MM-dd', hint: 'yyyy-mm-dd', shape: /^\d{4}-\d{1,2}-\d{1,2}$/ },
} as const;
export type PickerFormat = keyof typeof PICKER_FORMATS;

/*
 * A picker's value is a calendar day, not a moment: it is read and written as a local date (the day the
 * user picked on the calendar), so no time zone can move it to the day before.
 */

/** A yyyy-mm-dd value as a local calendar day, or null. */
export function calendarDay(value: string | null | undefined): Date | null {
  const iso = value ? ISO_DATE_ONLY.exec(value.trim()) : null;
  if (!iso || !isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return null;
  return new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
}

/**
 * A calendar day's name for a screen reader, its number first ('5 November 2026, Thursday'): the
 * number the button shows is then part of its name, as WCAG 2.5.3 (label in name) asks.
 */
export const calendarDayName = (day: Date): string => format(day, 'd MMMM yyyy, EEEE');

/** A local calendar day as its yyyy-mm-dd value. */
export const calendarDayValue = (day: Date): string => format(day, 'yyyy-MM-dd');

/** A yyyy-mm-dd value as a picker shows it; '' for no or an invalid value. */
export function formatPickerDate(value: string | null | undefined, pickerFormat: PickerFormat): string {
  const day = calendarDay(value);
  return day ? format(day, PICKER_FORMATS[pickerFormat].pattern) : '';
}

/**
 * What a user typed into a picker as its yyyy-mm-dd value: the picker's own format, or a full
 * yyyy-mm-dd date (pasted from elsewhere). Null when it is neither.
 */
export function parsePickerDate(text: string, pickerFormat: PickerFormat, today: Date = new Date()): string | null {
  const typed = text.trim();
  const { pattern, shape } = PICKER_FORMATS[pickerFormat];
  // The format shown, its day and month padded or not; a year of all its digits (1/5/2 is half typed).
  if (shape.test(typed)) {
    const day = parse(typed, pattern.replace('MM', 'M').replace('dd', 'd'), today);
    if (isValid(day)) return calendarDayValue(day);
  }
  return calendarDay(typed) ? typed : null;
}

import { formatDateDashes, formatDateDots, formatDateTime, toDate, toIsoDate, type DateInput } from '@/lib/format/dates';

const FORMATTERS = {
  dots: formatDateDots,
  dashes: formatDateDashes,
  datetime: formatDateTime,
  iso: toIsoDate,
} as const;

export type DateTextFormat = keyof typeof FORMATTERS;

/**
 * A date in one of the spec §9 formats inside <time>, in South African time wherever it is rendered
 * (lib/format/dates.ts), so the server's HTML and the browser's agree.
 */
export function DateText({ value, format = 'dashes', className }: { value: DateInput; format?: DateTextFormat; className?: string }) {
  const date = toDate(value);
  if (!date) return null;
  const machine = format === 'datetime' ? date.toISOString() : toIsoDate(date);
  return (
    <time dateTime={machine} className={className}>
      {FORMATTERS[format](date)}
    </time>
  );
}

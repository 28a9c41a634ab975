import { daysBefore, todayInSouthAfrica } from '../../format/dates';
import { RuleViolationError } from '../errors';
import { INVOICE_DATE_WINDOW_DAYS } from './schemas';

// The one "today" (lib/format/dates.ts), kept importable from here where the invoicing rules use it.
export { todayInSouthAfrica };

/** The first date of the invoice-date window ending `today` (spec §5: 45 days back to today). */
export const windowStart = (today: string, days = INVOICE_DATE_WINDOW_DAYS): string => daysBefore(today, days);

/** Refuses a document date outside the window (yyyy-mm-dd compares as text). */
export function assertInWindow(field: string, date: string, today: string): void {
  const from = windowStart(today);
  if (date < from || date > today) {
    const message = `The date must be between ${from} and ${today}.`;
    throw new RuleViolationError(message, { [field]: [message] });
  }
}

'use client';

import * as Popover from '@radix-ui/react-popover';
import { useState, type AriaAttributes } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './date-picker.css';
import {
  calendarDay,
  calendarDayName,
  calendarDayValue,
  formatPickerDate,
  parsePickerDate,
  PICKER_FORMATS,
  todayInSouthAfrica,
  type PickerFormat,
} from '@/lib/format/dates';

export interface DatePickerProps extends Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'> {
  /** The text box's id, for the caller's <label htmlFor>. */
  id: string;
  /** Set in a form that is read as FormData: a hidden input of this name carries the yyyy-mm-dd value. */
  name?: string;
  /** yyyy-mm-dd, or '' for none. Controlled when given; else `defaultValue` starts it. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** What the box shows (spec §9): mm/dd/yy unless told otherwise. */
  format?: PickerFormat;
  /** The first and last days that may be chosen, yyyy-mm-dd. */
  min?: string;
  max?: string;
  className?: string;
}

/** A day's button: its number first, so what it shows is part of its name; then today and selected. */
const dayButtonName = (day: Date, { today, selected }: { today?: boolean; selected?: boolean }) =>
  [calendarDayName(day), today ? 'today' : null, selected ? 'selected' : null].filter(Boolean).join(', ');

/**
 * The portal's one date picker: a text box in the format the spec gives the screen, and a calendar
 * (react-day-picker, weeks starting on Sunday) beside it. Whatever the box shows, its value, what
 * onChange gets and what a form sends, is yyyy-mm-dd.
 */
export function DatePicker({
  id,
  name,
  value,
  defaultValue = '',
  onChange,
  format = 'default',
  min,
  max,
  className,
  ...aria
}: DatePickerProps) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const current = value ?? ownValue;
  const [text, setText] = useState(() => formatPickerDate(current, format));
  const [open, setOpen] = useState(false);

  // A value set from outside (Reset filters, back and forward) replaces what the box shows.
  const [shownValue, setShownValue] = useState(current);
  if (current !== shownValue) {
    setShownValue(current);
    if (parsePickerDate(text, format) !== current) setText(formatPickerDate(current, format));
  }

  function commit(next: string) {
    setShownValue(next);
    setOwnValue(next);
    onChange?.(next);
  }

  function type(typed: string) {
    setText(typed);
    // A date half typed changes nothing yet (a list that reloads as the user types waits for it); an
    // emptied box is no date.
    const next = typed.trim() === '' ? '' : parsePickerDate(typed, format);
    if (next !== null) commit(next);
  }

  function pick(day: Date | undefined) {
    const next = day ? calendarDayValue(day) : '';
    setText(formatPickerDate(next, format));
    commit(next);
    setOpen(false);
  }

  const selected = calendarDay(current) ?? undefined;
  const first = calendarDay(min);
  const last = calendarDay(max);
  const unreadable = text.trim() !== '' && parsePickerDate(text, format) === null;

  return (
    <span className={`date-picker ${className ?? ''}`.trim()}>
      <input
        id={id}
        className="input date-picker__input"
        // Text, not a numeric keypad: phones' number pads lack the '/' and '-' the formats need.
        type="text"
        autoComplete="off"
        placeholder={PICKER_FORMATS[format].hint}
        value={text}
        onChange={(e) => type(e.target.value)}
        // Leaving the box shows the date in force again, in the picker's format, in place of an unreadable one.
        onBlur={() => setText(formatPickerDate(current, format))}
        {...aria}
        aria-invalid={aria['aria-invalid'] || unreadable || undefined}
      />
      {name ? <input type="hidden" name={name} value={current} /> : null}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className="btn date-picker__button" aria-label="Open calendar" title="Open calendar">
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="2" y="3" width="12" height="11" rx="1.5" />
            <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
          </svg>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="date-picker__calendar" align="end" sideOffset={4} collisionPadding={8} aria-label="Choose a date">
            <DayPicker
              mode="single"
              weekStartsOn={0}
              selected={selected}
              onSelect={pick}
              defaultMonth={selected ?? last ?? undefined}
              disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
              autoFocus
              labels={{ labelDayButton: dayButtonName }}
              // The portal's today (South Africa's date, which the last days allowed come from), not the browser's:
              // between 22:00 and midnight UTC a browser on UTC would mark the day before.
              today={calendarDay(todayInSouthAfrica()) ?? undefined}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </span>
  );
}

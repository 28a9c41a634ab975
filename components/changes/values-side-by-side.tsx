import type { ReactNode } from 'react';
import { SideBySideTable } from './side-by-side-table';

/** One row of a side-by-side comparison: a field's label, its current and proposed value. */
export interface ComparedField {
  key: string;
  label: string;
  current: unknown;
  proposed: unknown;
  /** The proposed value is not part of the change (the field keeps its current value). */
  unchanged?: boolean;
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Whether a field really changes: present in the proposal and different from the current value as text. */
export const isChanged = (field: ComparedField) => !field.unchanged && shown(field.current) !== shown(field.proposed);

/** The percentage a price moves by, with its sign and two decimals ('+4.00 %'); null when it cannot be told. */
export function priceChangePercent(current: unknown, proposed: unknown): string | null {
  const from = Number(current);
  const to = Number(proposed);
  if (current === null || current === undefined || proposed === null || proposed === undefined) return null;
  if (!Number.isFinite(from) || !Number.isFinite(to) || from === 0) return null;
  const percent = ((to - from) / from) * 100;
  return `${percent > 0 ? '+' : percent < 0 ? '-' : ''}${Math.abs(percent).toFixed(2)} %`;
}

/** A proposed value: the current one greyed when the field is not part of the change, a price with its move. */
function Proposed({ field, percentFor }: { field: ComparedField; percentFor: readonly string[] }) {
  const percent = isChanged(field) && percentFor.includes(field.key) ? priceChangePercent(field.current, field.proposed) : null;
  return (
    <>
      {field.unchanged ? <span className="muted">{shown(field.current)}</span> : shown(field.proposed)}
      {percent ? <span className="side-by-side__percent"> ({percent})</span> : null}
    </>
  );
}

/** An item or pricing change side by side (beyond the spec: see what changes), prices with the percentage they move. */
export function ValuesSideBySide({
  fields,
  percentFor = [],
  caption,
}: {
  fields: ComparedField[];
  percentFor?: readonly string[];
  caption?: ReactNode;
}) {
  return (
    <SideBySideTable
      fields={fields}
      caption={caption}
      isChanged={isChanged}
      renderValue={(field, side) => (side === 'current' ? shown(field.current) : <Proposed field={field} percentFor={percentFor} />)}
    />
  );
}

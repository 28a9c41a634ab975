import type { ReactNode } from 'react';

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

/**
 * A change shown side by side (beyond the spec: see what changes): each field's current and proposed
 * value, changed fields highlighted and marked for screen readers, prices with the percentage they move.
 */
export function ValuesSideBySide({
  fields,
  percentFor = [],
  caption,
}: {
  fields: ComparedField[];
  percentFor?: string[];
  caption?: ReactNode;
}) {
  return (
    <table className="table side-by-side">
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Current</th>
          <th scope="col">Proposed</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const changed = isChanged(field);
          const percent = changed && percentFor.includes(field.key) ? priceChangePercent(field.current, field.proposed) : null;
          return (
            <tr key={field.key} className={changed ? 'is-changed' : undefined} data-field={field.key}>
              <th scope="row">
                {field.label}
                {changed ? <span className="badge badge--warning side-by-side__mark">changed</span> : null}
              </th>
              <td>{shown(field.current)}</td>
              <td>
                {field.unchanged ? <span className="muted">{shown(field.current)}</span> : shown(field.proposed)}
                {percent ? <span className="side-by-side__percent"> ({percent})</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

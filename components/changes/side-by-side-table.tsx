import type { ReactNode } from 'react';
import './side-by-side.css';

export type Side = 'current' | 'proposed';

export interface SideBySideTableProps<F extends { key: string; label: string }> {
  fields: readonly F[];
  caption?: ReactNode;
  isChanged: (field: F) => boolean;
  /** One side's value of a field: plain text, a price with its move, a file to open. */
  renderValue: (field: F, side: Side) => ReactNode;
}

/**
 * A change as an approver reads it (Field, Current, Proposed): each field by its name, before beside
 * after, changed lines highlighted and marked in words for screen readers. Item and pricing changes and
 * master-data records differ only in how a value is shown, which the caller's renderValue decides.
 */
export function SideBySideTable<F extends { key: string; label: string }>({
  fields,
  caption,
  isChanged,
  renderValue,
}: SideBySideTableProps<F>) {
  return (
    <div className="table-wrap">
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
            return (
              <tr key={field.key} className={changed ? 'is-changed' : undefined} data-field={field.key}>
                <th scope="row">
                  {field.label}
                  {changed ? <span className="badge badge--warning side-by-side__mark">changed</span> : null}
                </th>
                <td data-label="Current">{renderValue(field, 'current')}</td>
                <td data-label="Proposed">{renderValue(field, 'proposed')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

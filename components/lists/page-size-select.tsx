'use client';

import { useId } from 'react';
import { PAGE_SIZES } from './page-size';

/** Rows per page for the inbox lists (spec §9: 10–250, default 50). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  return (
    <div className="list-page-size">
      <label htmlFor={id} className="muted">
        Rows per page
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

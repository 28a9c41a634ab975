'use client';

import { useId } from 'react';
import { useInteractive } from '@/lib/client/interactive';
import { PAGE_SIZES } from './page-size';

/** Rows per page for the inbox lists (spec §9: 10–250, default 50). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  // A size chosen before hydration would be reset by it (lib/client/interactive.ts).
  const interactive = useInteractive();
  return (
    <div className="list-page-size">
      <label htmlFor={id} className="muted">
        Rows per page
      </label>
      <select id={id} className="select" value={value} disabled={!interactive} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

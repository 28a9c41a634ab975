'use client';

import type { Option } from '@/components/lists/filter-panel';
import { LookupCombobox } from './lookup-combobox';
import type { LookupKind } from './sources';

interface LookupChipsProps {
  kind: LookupKind;
  /** The box's id, for an outside `<label htmlFor>` or a legend's field. */
  id: string;
  /** What the chosen ones are called, naming their list and remove buttons ("Remove S01 Acme"). */
  listLabel: string;
  chosen: readonly Option[];
  onChange: (chosen: Option[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Several look-up choices (subsidiaries of an integration): the chosen ones as chips, each removable,
 * and a type-ahead box that adds the one picked (docs/architecture.md, look-ups).
 */
export function LookupChips({ kind, id, listLabel, chosen, onChange, invalid, describedBy }: LookupChipsProps) {
  const add = (option: Option | null) => {
    if (option && !chosen.some((c) => c.value === option.value)) onChange([...chosen, option]);
  };
  return (
    <div className="lookup-chips">
      {chosen.length ? (
        <ul className="lookup-chips__list" aria-label={listLabel}>
          {chosen.map((option) => (
            <li key={option.value} className="badge lookup-chips__chip">
              {option.label}
              <button
                type="button"
                className="lookup-chips__remove"
                aria-label={`Remove ${option.label}`}
                onClick={() => onChange(chosen.filter((c) => c.value !== option.value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LookupCombobox
        kind={kind}
        id={id}
        value=""
        onChange={add}
        addsToList
        excludes={chosen.map((c) => c.value)}
        placeholder="Type to search and add"
        invalid={invalid}
        describedBy={describedBy}
      />
    </div>
  );
}

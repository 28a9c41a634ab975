'use client';

import { useId, useState, type FormEvent } from 'react';
import type { FilterField, FilterName, FilterValues, Option } from './filters';

export type LookupOptions = Partial<Record<FilterName, readonly Option[]>>;

export interface InboxFiltersProps {
  fields: readonly FilterField[];
  /** The filters in force; the form edits a copy until Search. */
  values: FilterValues;
  lookups: LookupOptions;
  onApply: (values: FilterValues) => void;
  /** Clears every filter and reloads. */
  onReset: () => void;
  label: string;
}

/** The filter panel of one inbox list: a grid of fields, Search and Reset filters. */
export function InboxFilters({ fields, values, lookups, onApply, onReset, label }: InboxFiltersProps) {
  const [draft, setDraft] = useState<FilterValues>(values);
  const idPrefix = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  function reset() {
    setDraft({});
    onReset();
  }

  const set = (name: FilterName, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <form className="filters inbox-filters" aria-label={label} onSubmit={submit}>
      {fields.map((field) => {
        const value = draft[field.name] ?? '';
        const options = field.options ?? lookups[field.name] ?? [];
        const id = `${idPrefix}-${field.name}`;
        return (
          <div key={field.name} className="field">
            <label htmlFor={id} className="field__label">
              {field.label}
            </label>
            {field.kind === 'select' ? (
              <select id={id} className="select" name={field.name} value={value} onChange={(e) => set(field.name, e.target.value)}>
                <option value="">All</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="input"
                name={field.name}
                type={field.kind === 'date' ? 'date' : 'search'}
                value={value}
                autoComplete="off"
                onChange={(e) => set(field.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
      <div className="filters__actions">
        <button type="button" className="btn" onClick={reset}>
          Reset filters
        </button>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
    </form>
  );
}

'use client';

import { useId, useState, type FormEvent } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import type { PickerFormat } from '@/lib/format/dates';
import { LookupCombobox } from '@/components/lookups/lookup-combobox';
import { useInteractive } from '@/lib/client/interactive';
import type { LookupKind } from '@/components/lookups/sources';
import { useApplyOnChange } from './use-apply-on-change';

/** One choice of a select filter. */
export interface Option {
  value: string;
  label: string;
}

/** A filter field of a list screen; `name` is the query parameter it fills. */
export interface FilterField<Name extends string = string> {
  name: Name;
  label: string;
  kind: 'text' | 'date' | 'select' | 'lookup';
  /** Fixed options of a select. */
  options?: readonly Option[];
  /** What a date field shows (spec §9: mm/dd/yy unless the screen says otherwise); its value is yyyy-mm-dd. */
  format?: PickerFormat;
  /** A look-up field's type-ahead source (store, region, customer, vendor): it asks the server as the user types. */
  lookup?: LookupKind;
  /** What a select's empty choice says: 'All' unless the server's default is narrower ('Active' users). */
  emptyLabel?: string;
}

/** Filter values as the API's query strings, by field name. */
export type FilterValues<Name extends string = string> = Partial<Record<Name, string>>;
/** A select's options from the screen, or for a look-up field the option its value reads as (a value from the address). */
export type LookupOptions<Name extends string = string> = Partial<Record<Name, readonly Option[]>>;

/** Messages for filter values that cannot be searched for (a reversed date range), by field. */
export type FilterErrors<Name extends string = string> = Partial<Record<Name, string>>;

export interface FilterPanelProps<Name extends string = string> {
  fields: readonly FilterField<Name>[];
  /** The filters in force; the form edits a copy until Search. */
  values: FilterValues<Name>;
  lookups: LookupOptions<Name>;
  onApply: (values: FilterValues<Name>) => void;
  /** Clears every filter and reloads. */
  onReset: () => void;
  label: string;
  /** Checked on Search: with any message the search is not made and the messages show by their fields. */
  validate?: (values: FilterValues<Name>) => FilterErrors<Name>;
  /**
   * Messages of a search the server refused (a 422's field errors), by field, and its message, shown on
   * the panel when no field of the panel carries one.
   */
  serverErrors?: FilterErrors<Name>;
  serverMessage?: string;
  /** The user has not chosen to show or hide the panel: hidden on small screens by CSS (useFiltersToggle). */
  autoCollapse?: boolean;
  id?: string;
  /** A change applies itself after a pause (useApplyOnChange); Search (or Enter) applies at once. */
  applyOnChange?: boolean;
}

/** The filter panel of a list screen: a grid of fields, Search and Reset filters. */
export function FilterPanel<Name extends string>({
  fields,
  values,
  lookups,
  onApply,
  onReset,
  label,
  validate,
  serverErrors,
  serverMessage,
  autoCollapse,
  id: panelId,
  applyOnChange = false,
}: FilterPanelProps<Name>) {
  const [draft, setDraft] = useState<FilterValues<Name>>(values);
  const [errors, setErrors] = useState<FilterErrors<Name>>({});
  const idPrefix = useId();
  // A filter chosen before hydration would be reset by it, and a Search pressed then would submit the
  // form natively (a GET that drops the screen's own address parameters): until then nothing can be used.
  const interactive = useInteractive();

  // Filters put in force from elsewhere (back/forward in the address bar) replace what the form shows.
  const [shownValues, setShownValues] = useState(values);
  if (values !== shownValues) {
    setShownValues(values);
    setDraft(values);
  }

  useApplyOnChange(applyOnChange, draft, values, onApply, validate);
  const fieldErrors: FilterErrors<Name> = { ...serverErrors, ...errors };
  const panelMessage = serverMessage && !fields.some((f) => serverErrors?.[f.name]) ? serverMessage : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validate?.(draft) ?? {};
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(draft);
  }

  function reset() {
    setDraft({} as FilterValues<Name>);
    setErrors({});
    onReset();
  }

  const set = (name: Name, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <form id={panelId} className={`filters ${autoCollapse ? 'filters--auto' : ''}`.trim()} aria-label={label} onSubmit={submit} noValidate>
      <fieldset className="filters__fields" disabled={!interactive}>
        {fields.map((field) => {
          const value = draft[field.name] ?? '';
          const options = field.options ?? lookups[field.name] ?? [];
          const id = `${idPrefix}-${field.name}`;
          const error = fieldErrors[field.name];
          const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
          return (
            <div key={field.name} className="field">
              <label htmlFor={id} className="field__label">
                {field.label}
              </label>
              {field.kind === 'lookup' && field.lookup ? (
                <LookupCombobox
                  kind={field.lookup}
                  id={id}
                  name={field.name}
                  value={value}
                  chosen={lookups[field.name]?.find((o) => o.value === value)}
                  onChange={(option) => set(field.name, option?.value ?? '')}
                  invalid={Boolean(error)}
                  describedBy={error ? `${id}-error` : undefined}
                />
              ) : field.kind === 'select' ? (
                <select
                  id={id}
                  className="select"
                  name={field.name}
                  value={value}
                  onChange={(e) => set(field.name, e.target.value)}
                  {...described}
                >
                  <option value="">{field.emptyLabel ?? 'All'}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : field.kind === 'date' ? (
                <DatePicker
                  id={id}
                  name={field.name}
                  value={value}
                  format={field.format}
                  onChange={(v) => set(field.name, v)}
                  {...described}
                />
              ) : (
                <input
                  id={id}
                  className="input"
                  name={field.name}
                  type="search"
                  value={value}
                  autoComplete="off"
                  onChange={(e) => set(field.name, e.target.value)}
                  {...described}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {panelMessage ? (
          <p className="field__error filters__message" role="alert">
            {panelMessage}
          </p>
        ) : null}
        <div className="filters__actions">
          <button type="button" className="btn" onClick={reset}>
            Reset filters
          </button>
          <button type="submit" className="btn btn--primary">
            Search
          </button>
        </div>
      </fieldset>
    </form>
  );
}

import type { ReactNode } from 'react';

export interface QueryFilterFormProps {
  action: string;
  label: string;
  /** Plain text filters: query name → label. */
  text?: [name: string, label: string][];
  params: Record<string, string | undefined>;
  /** Other fields (selects, dates, hidden values) before the button. */
  children?: ReactNode;
  after?: ReactNode;
}

/**
 * A filter panel that is a plain GET form: submitting loads the list with the filters in the query
 * string, so a reload or a pasted address shows the same list (users, activity, vendors).
 */
export function QueryFilterForm({ action, label, text = [], params, children, after }: QueryFilterFormProps) {
  return (
    // The inbox's filter panel classes (filters, input), so every list's filters look alike.
    <form method="get" action={action} className="filters" aria-label={label}>
      {text.map(([name, fieldLabel]) => (
        <label key={name} className="field">
          <span className="field__label">{fieldLabel}</span>
          <input
            className="input"
            name={name}
            type={name === 'search' || name === 'user_email' ? 'search' : 'text'}
            defaultValue={params[name] ?? ''}
          />
        </label>
      ))}
      {children}
      <div className="filters__actions">
        {after}
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
      </div>
    </form>
  );
}

/** The text values of these query parameters (absent or empty: undefined), from a page's searchParams. */
export function queryParams<K extends string>(
  raw: Record<string, string | string[] | undefined>,
  keys: readonly K[],
): Record<K, string | undefined> {
  return Object.fromEntries(keys.map((k) => [k, typeof raw[k] === 'string' && raw[k] ? raw[k] : undefined])) as Record<
    K,
    string | undefined
  >;
}

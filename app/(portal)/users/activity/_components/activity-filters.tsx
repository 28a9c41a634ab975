'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { hrefWithPage } from '@/components/lists/laravel-pager';
import { DatePicker } from '@/components/ui/date-picker';

export const ACTIVITY_PATH = '/users/activity';
export type ActivityFilters = Partial<Record<'activity' | 'user_email' | 'date_from' | 'date_to', string>>;

/** Typing waits this long before the list reloads, so an address or a date typed in one go is one load. */
const TYPING_PAUSE_MS = 400;

/** The filters typed rather than picked: the list waits for a pause in typing. */
const TYPED = ['user_email', 'date_from', 'date_to'] as const;
type Typed = Record<(typeof TYPED)[number], string>;
const typedOf = (params: ActivityFilters): Typed => ({
  user_email: params.user_email ?? '',
  date_from: params.date_from ?? '',
  date_to: params.date_to ?? '',
});

export interface ActivityFilterFormProps {
  params: ActivityFilters;
  activities: readonly string[];
}

/**
 * The user activity filters (spec §2): any change reloads the list with the filters in the query
 * string (no Search button), text after a pause in typing; each date clears alone and Reset clears all.
 */
export function ActivityFilterForm({ params, activities }: ActivityFilterFormProps) {
  const router = useRouter();
  const id = useId();
  // What the typed fields show; the address holds the filters in force.
  const [draft, setDraft] = useState<Typed>(() => typedOf(params));
  const [shown, setShown] = useState(params);
  if (params !== shown) {
    // Another load (reset, a cleared date, back/forward) brings its own values.
    setShown(params);
    setDraft(typedOf(params));
  }

  const load = (next: ActivityFilters) => router.push(hrefWithPage(ACTIVITY_PATH, { ...params, ...next }, 1));
  const pending = () => TYPED.some((k) => (draft[k].trim() || undefined) !== params[k]);
  const loadDraft = () => load(Object.fromEntries(TYPED.map((k) => [k, draft[k].trim() || undefined])));

  useEffect(() => {
    if (!pending()) return;
    const timer = setTimeout(loadDraft, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts the pause
  }, [draft]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending()) loadDraft();
  }

  const type = (key: (typeof TYPED)[number], value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const date = (key: 'date_from' | 'date_to', label: string, word: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <DatePicker id={`${id}-${key}`} name={key} value={draft[key]} onChange={(v) => type(key, v)} />
      {params[key] ? (
        <button type="button" className="btn btn--sm btn--ghost activity-filters__clear" onClick={() => load({ [key]: undefined })}>
          Clear {word} date
        </button>
      ) : null}
    </div>
  );

  return (
    <form method="get" action={ACTIVITY_PATH} className="filters activity-filters" aria-label="Activity filters" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-user_email`}>
          User e-mail
        </label>
        <input
          id={`${id}-user_email`}
          className="input"
          name="user_email"
          type="search"
          autoComplete="off"
          value={draft.user_email}
          onChange={(e) => type('user_email', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-activity`}>
          Activity
        </label>
        <select
          id={`${id}-activity`}
          className="select"
          name="activity"
          value={params.activity ?? ''}
          onChange={(e) => load({ activity: e.target.value || undefined })}
        >
          <option value="">All</option>
          {activities.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      {date('date_from', 'From', 'from')}
      {date('date_to', 'To', 'to')}
      <div className="filters__actions">
        <button type="button" className="btn" onClick={() => router.push(ACTIVITY_PATH)}>
          Reset
        </button>
      </div>
    </form>
  );
}

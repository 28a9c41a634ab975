'use client';

import { useEffect } from 'react';
import type { FilterValues } from './filter-panel';

/** Typing waits this long before the list reloads, so an address or a date typed in one go is one load. */
export const TYPING_PAUSE_MS = 400;

const given = (values: FilterValues) =>
  JSON.stringify(
    Object.entries(values)
      .map(([name, value]) => [name, value?.trim() ?? ''])
      .filter(([, value]) => value)
      .sort(),
  );

/**
 * For a filter panel without a Search button (the user-activity screen, docs/architecture.md "The client
 * side"): the form's draft is put in force after a pause in changing it, once it differs from the
 * filters in force and passes `validate`. Filters put in force from elsewhere (back/forward, Reset)
 * become the draft, so they never re-apply themselves.
 */
export function useApplyOnChange<Name extends string>(
  enabled: boolean,
  draft: FilterValues<Name>,
  values: FilterValues<Name>,
  apply: (values: FilterValues<Name>) => void,
  validate?: (values: FilterValues<Name>) => Partial<Record<Name, string>>,
) {
  const changed = enabled && given(draft) !== given(values) && Object.keys(validate?.(draft) ?? {}).length === 0;
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => apply(draft), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the draft starts the pause
  }, [changed, draft]);
}

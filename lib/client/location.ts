'use client';

import { useSyncExternalStore } from 'react';

/**
 * The address bar's query string as React state. history.pushState fires no event, so our own
 * writes announce themselves with LOCATION_EVENT; back/forward arrive as popstate.
 */

const LOCATION_EVENT = 'portal:locationchange';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(LOCATION_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(LOCATION_EVENT, onChange);
  };
}

/** Current `location.search` ('?a=1'); '' during the server render. */
export function useLocationSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}

/** Query string with the given parameters set (null/undefined/'' removes one), others kept. */
export function mergeQuery(search: string, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Writes parameters to the address bar without a reload. Next's App Router observes
 * window.history.pushState, so useSearchParams stays in sync too.
 */
export function pushQuery(changes: Record<string, string | number | null | undefined>, mode: 'push' | 'replace' = 'push'): void {
  const { pathname, search, hash } = window.location;
  const url = `${pathname}${mergeQuery(search, changes)}${hash}`;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(LOCATION_EVENT));
}

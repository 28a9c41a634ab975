'use client';

import { useState, useSyncExternalStore } from 'react';

/** Phone width: below this, filter panels start collapsed and rows show as cards (app/globals.css agrees). */
export const SMALL_SCREEN_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(SMALL_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is phone-sized; false during the server render. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(SMALL_SCREEN_QUERY).matches,
    () => false,
  );
}

/**
 * Show/hide for a list's filter panel: open by default, collapsed by default on small screens, then
 * whatever the user chose. `auto` means the user has not chosen: the panel carries the class that
 * hides it on small screens by CSS too, so a phone never sees it flash open before the page hydrates.
 */
export function useFiltersToggle() {
  const small = useSmallScreen();
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? !small;
  return { open, auto: choice === null, toggle: () => setChoice(!open) };
}

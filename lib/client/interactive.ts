'use client';

import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from then on. A control that is
 * disabled until then keeps a user's early choice from being silently reset by hydration
 * (docs/architecture.md "The client side").
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

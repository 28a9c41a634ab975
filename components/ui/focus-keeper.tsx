'use client';

import { useEffect } from 'react';

/**
 * Keeps keyboard focus on the page when what held it leaves: a row's button after the row was decided and the
 * list refreshed, for instance. The browser then drops focus to the body, and a keyboard user starts again from
 * the top of the page; instead focus goes to the main region (tabindex -1), where the next Tab continues.
 */
export function FocusKeeper({ mainId }: { mainId: string }) {
  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    let focused: Element | null = null;
    const remember = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    const keep = () => {
      const dropped = document.activeElement === null || document.activeElement === document.body;
      if (focused && !focused.isConnected && dropped) {
        focused = main;
        main.focus({ preventScroll: true });
      }
    };
    const observer = new MutationObserver(keep);
    document.addEventListener('focusin', remember);
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, [mainId]);
  return null;
}

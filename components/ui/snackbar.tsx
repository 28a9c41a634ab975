'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Spec §2/§9: a notification at the top of the screen, shown for 5000 ms. */
export const SNACKBAR_DURATION_MS = 5000;

export type SnackbarKind = 'success' | 'error' | 'info';

interface SnackbarMessage {
  id: number;
  text: string;
  kind: SnackbarKind;
}

interface SnackbarApi {
  show: (message: string, kind?: SnackbarKind) => void;
  hide: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export interface SnackbarProviderProps {
  children?: ReactNode;
  /** A message to show on mount, e.g. the server's flash message. */
  initialMessage?: string | null;
  initialKind?: SnackbarKind;
}

export function SnackbarProvider({ children, initialMessage, initialKind = 'info' }: SnackbarProviderProps) {
  const [message, setMessage] = useState<SnackbarMessage | null>(() =>
    initialMessage ? { id: 0, text: initialMessage, kind: initialKind } : null,
  );

  // A flash message passed by a layout that stays mounted across navigations: show each new one.
  const [shownInitial, setShownInitial] = useState(initialMessage);
  if (initialMessage !== shownInitial) {
    setShownInitial(initialMessage);
    if (initialMessage) setMessage((current) => ({ id: (current?.id ?? 0) + 1, text: initialMessage, kind: initialKind }));
  }

  const show = useCallback((text: string, kind: SnackbarKind = 'info') => {
    // A new id restarts the timer even when the same text is shown twice in a row.
    setMessage((current) => ({ id: (current?.id ?? 0) + 1, text, kind }));
  }, []);
  const hide = useCallback(() => setMessage(null), []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SNACKBAR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const api = useMemo(() => ({ show, hide }), [show, hide]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {/* The live region stays in the DOM so screen readers announce each new message. */}
      <div className="snackbar-region" role="status" aria-live="polite">
        {message ? (
          <div key={message.id} className={`snackbar snackbar--${message.kind}`}>
            <span className="snackbar__text">{message.text}</span>
            <button type="button" className="snackbar__close" aria-label="Dismiss notification" onClick={hide}>
              ×
            </button>
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}

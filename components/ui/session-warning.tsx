'use client';

import { useEffect, useState } from 'react';
import { readXsrfCookie } from '@/lib/client/api';
import { leaveForSignIn } from '@/lib/client/session';

/** How long before the session ends the warning appears. */
export const SESSION_WARNING_MS = 60_000;

export interface SessionWarningProps {
  /**
   * How long the session had left when the server rendered the page (ms). A duration, not a moment, so
   * a browser whose clock is off still warns on time; the time the page took to arrive only makes the
   * warning early.
   */
  endsIn: number;
}

/**
 * Sessions last 8 hours and are not extended. A minute before the end this says so, and offers to sign
 * in again at once; when the time is up it sends the user to sign in, carrying the address, so
 * signing in comes back to the same tab, filters, page and document.
 */
export function SessionWarning({ endsIn }: SessionWarningProps) {
  const [warning, setWarning] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const warnTimer = setTimeout(() => setWarning(true), Math.max(0, endsIn - SESSION_WARNING_MS));
    const endTimer = setTimeout(leaveForSignIn, Math.max(0, endsIn));
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
    };
  }, [endsIn]);

  if (!warning || dismissed) return null;
  return (
    <div className="session-warning" role="alert">
      <p className="session-warning__text">
        Your session ends in less than a minute. You will then be asked to sign in again and brought back here.
      </p>
      {/* Signs out and straight back in: a new 8-hour session, then back to this address. */}
      <form
        method="post"
        action="/logout"
        className="session-warning__actions"
        onSubmit={(e) => {
          const fields = e.currentTarget.elements;
          (fields.namedItem('_token') as HTMLInputElement).value = readXsrfCookie() ?? '';
          (fields.namedItem('next') as HTMLInputElement).value = `${window.location.pathname}${window.location.search}`;
        }}
      >
        <input type="hidden" name="_token" defaultValue="" />
        <input type="hidden" name="next" defaultValue="" />
        <button type="submit" className="btn btn--primary btn--sm">
          Sign in again now
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDismissed(true)}>
          Dismiss
        </button>
      </form>
    </div>
  );
}

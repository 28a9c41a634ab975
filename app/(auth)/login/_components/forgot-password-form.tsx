'use client';

import { useEffect, useRef, useState } from 'react';

type Props = { token: string; initialEmail: string; error?: string; onClose: (email: string) => void };

const SENT = 'We have sent you an email to reset your password';
const FAILED = 'We could not reset your password';

/**
 * Opens in place of the sign-in form, pre-filled from its e-mail field; "Back to sign in" brings the
 * sign-in form back with what was typed. With JavaScript it answers in place; without, the form posts
 * and the sign-in page shows the answer.
 */
export function ForgotPasswordForm({ token, initialEmail, error, onClose }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(error ? { kind: 'error', text: error } : null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The form replaced the one the user was in: move focus to its heading so it is announced.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setMessage({ kind: 'error', text: 'Please enter your e-mail address.' });
    setBusy(true);
    try {
      const response = await fetch('/password/email', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': token,
        },
        body: JSON.stringify({ email: email.trim() }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: { email?: string[] } };
      setMessage(
        response.ok ? { kind: 'success', text: body.message ?? SENT } : { kind: 'error', text: body.errors?.email?.[0] ?? FAILED },
      );
    } catch {
      setMessage({ kind: 'error', text: FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/password/email" className="form-stack forgot" aria-label="Reset password" onSubmit={submit}>
      <h2 ref={heading} tabIndex={-1}>
        Reset your password
      </h2>
      <p className="muted">We will e-mail you a link to choose a new password.</p>
      <input type="hidden" name="_token" value={token} />
      <label>
        E-mail
        <input name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      {message && (
        <p className={`alert alert--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Send reset link
        </button>
        <button type="button" className="btn" onClick={() => onClose(email)}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}

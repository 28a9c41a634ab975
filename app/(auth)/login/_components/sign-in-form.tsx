'use client';

import { useRef, useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';

type Props = { token: string; error?: string; status?: string; email: string; next: string | null; forgotOpen: boolean };

/**
 * The sign-in form posts as an ordinary form; JavaScript only swaps in the forgot-password form, which
 * then takes the sign-in form's place (one e-mail field on screen at a time) until it is cancelled.
 */
export function SignInForm({ token, error, status, email, next, forgotOpen }: Props) {
  const emailRef = useRef<HTMLInputElement>(null);
  const [showForgot, setShowForgot] = useState(forgotOpen);
  const [signInEmail, setSignInEmail] = useState(email);

  function openForgot(event: React.MouseEvent) {
    event.preventDefault();
    setSignInEmail(emailRef.current?.value ?? '');
    setShowForgot(true);
  }

  if (showForgot) {
    return (
      <ForgotPasswordForm
        token={token}
        initialEmail={signInEmail}
        error={forgotOpen ? error : undefined}
        onClose={(typed) => {
          setSignInEmail(typed);
          setShowForgot(false);
        }}
      />
    );
  }

  return (
    <>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="alert alert--success" role="status">
          {status}
        </p>
      )}
      <form method="post" action="/login" className="form-stack" aria-label="Sign in">
        <input type="hidden" name="_token" value={token} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <label>
          E-mail
          <input ref={emailRef} name="email" type="email" autoComplete="username" defaultValue={signInEmail} required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="btn btn--primary">
          Sign in
        </button>
      </form>
      <a href={`/login?forgot=1${signInEmail ? `&email=${encodeURIComponent(signInEmail)}` : ''}`} className="link" onClick={openForgot}>
        Forgot your password?
      </a>
    </>
  );
}

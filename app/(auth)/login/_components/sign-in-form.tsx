'use client';

import { useRef, useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';

type Props = { token: string; error?: string; status?: string; email: string; forgotOpen: boolean };

/** The sign-in form posts as an ordinary form; JavaScript only adds the in-place forgot-password form. */
export function SignInForm({ token, error, status, email, forgotOpen }: Props) {
  const emailRef = useRef<HTMLInputElement>(null);
  const [showForgot, setShowForgot] = useState(forgotOpen);
  const [forgotEmail, setForgotEmail] = useState(email);

  function openForgot(event: React.MouseEvent) {
    event.preventDefault();
    setForgotEmail(emailRef.current?.value ?? '');
    setShowForgot(true);
  }

  return (
    <>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="alert alert-success" role="status">
          {status}
        </p>
      )}
      <form method="post" action="/login" className="form-stack" aria-label="Sign in">
        <input type="hidden" name="_token" value={token} />
        <label>
          E-mail
          <input ref={emailRef} name="email" type="email" autoComplete="username" defaultValue={email} required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="btn btn-primary">
          Sign in
        </button>
      </form>
      {showForgot ? (
        <ForgotPasswordForm token={token} initialEmail={forgotEmail} onClose={() => setShowForgot(false)} />
      ) : (
        <a href={`/login?forgot=1${email ? `&email=${encodeURIComponent(email)}` : ''}`} className="link" onClick={openForgot}>
          Forgot your password?
        </a>
      )}
    </>
  );
}

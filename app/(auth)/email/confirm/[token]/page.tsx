import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireActor, xsrfToken } from '@/lib/auth/server';
import { EMAIL_CHANGE_INVALID, pendingEmailChange } from '@/lib/domain/users/email-change';

export const metadata = { title: 'Confirm your new e-mail address' };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string; status?: string }> };

// Codes from the address, shown in the page's own words; unknown codes show nothing.
const ERRORS: Record<string, string> = {
  invalid: EMAIL_CHANGE_INVALID,
  taken: 'The new address has meanwhile been taken by another account. Ask your administrator.',
};

/**
 * The page the e-mail to a user's current address links to when an administrator asked to change it
 * (lib/domain/users/email-change.ts): the signed-in user sees the old and new address and confirms with
 * a plain form (a link opened by a mail scanner changes nothing). Confirming signs the user out.
 */
export default async function ConfirmEmailChangePage({ params, searchParams }: Props) {
  const { token } = await params;
  const { error, status } = await searchParams;
  if (status === 'confirmed')
    return (
      <Card>
        <p className="alert alert--success" role="status">
          Your e-mail address has been changed. You have been signed out everywhere; sign in again with the new address.
        </p>
      </Card>
    );
  const actor = await requireActor();
  const pending = await pendingEmailChange(actor, token);
  const errorText = (error && ERRORS[error]) ?? (pending ? null : EMAIL_CHANGE_INVALID);
  return (
    <Card>
      {errorText && (
        <p className="alert alert--error" role="alert">
          {errorText}
        </p>
      )}
      {pending && (
        <form method="post" action="/api/email/confirm" className="form-stack" aria-label="Confirm the new e-mail address">
          <p>
            An administrator asked to change the e-mail address of your account from <strong>{pending.oldEmail}</strong> to{' '}
            <strong>{pending.newEmail}</strong>. Confirm only if you asked for this; you will be signed out everywhere.
          </p>
          <input type="hidden" name="_token" value={await xsrfToken()} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn btn--primary">
            Confirm the new address
          </button>
        </form>
      )}
    </Card>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>Confirm your new e-mail address</h1>
        {children}
        <Link className="link" href="/login">
          Back to sign in
        </Link>
      </section>
    </main>
  );
}

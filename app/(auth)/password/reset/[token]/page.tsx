import Link from 'next/link';
import { xsrfToken } from '@/lib/auth/server';
import { resetErrorText } from '@/lib/domain/auth/sign-in-messages';

export const metadata = { title: 'Choose a new password' };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> };

/** The page a reset e-mail links to; the form posts the token with the new password. */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { token } = await params;
  // A code from the address, shown in the page's own words; unknown codes show nothing.
  const error = resetErrorText((await searchParams).error);
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>Choose a new password</h1>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <form method="post" action="/password/reset" className="form-stack" aria-label="Choose a new password">
          <input type="hidden" name="_token" value={await xsrfToken()} />
          <input type="hidden" name="token" value={token} />
          <label>
            New password
            <input name="password" type="password" autoComplete="new-password" minLength={8} required />
          </label>
          <label>
            Confirm new password
            <input name="password_confirmation" type="password" autoComplete="new-password" minLength={8} required />
          </label>
          <button type="submit" className="btn btn--primary">
            Set password
          </button>
        </form>
        <Link className="link" href="/login">
          Back to sign in
        </Link>
      </section>
    </main>
  );
}

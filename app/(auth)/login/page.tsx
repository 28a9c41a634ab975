import { redirect } from 'next/navigation';
import { startPathFor } from '@/lib/auth/permissions';
import { currentActor, xsrfToken } from '@/lib/auth/server';
import { signInErrorText, signInStatusText } from '@/lib/domain/auth/sign-in-messages';
import { safeReturnPath } from '@/lib/http/return-path';
import { SignInForm } from './_components/sign-in-form';

export const metadata = { title: 'Sign in' };

type Search = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Sign-in: a plain HTML form (works without JavaScript); messages come back in the address as codes,
 * shown in the page's own words (lib/domain/auth/sign-in-messages.ts). `next` is where to go afterwards.
 */
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const next = safeReturnPath(first(params.next));
  const actor = await currentActor();
  if (actor) redirect(next ?? startPathFor(actor.roleCode));
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>Trade Portal</h1>
        <p className="muted">Orders, invoices and payments between the retailer and its suppliers.</p>
        <SignInForm
          token={await xsrfToken()}
          error={signInErrorText(first(params.error), first(params.minutes)) ?? undefined}
          status={signInStatusText(first(params.status)) ?? undefined}
          email={first(params.email)?.slice(0, 200) ?? ''}
          next={next}
          forgotOpen={first(params.forgot) === '1'}
        />
      </section>
    </main>
  );
}

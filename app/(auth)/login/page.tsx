import { redirect } from 'next/navigation';
import { startPathFor } from '@/lib/auth/permissions';
import { currentActor, xsrfToken } from '@/lib/auth/server';
import { SignInForm } from './_components/sign-in-form';

export const metadata = { title: 'Sign in' };

type Search = Promise<{ error?: string; email?: string; status?: string; forgot?: string }>;

/** Sign-in: a plain HTML form (works without JavaScript); messages come back in the query string. */
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const actor = await currentActor();
  if (actor) redirect(startPathFor(actor.roleCode));
  const { error, email, status, forgot } = await searchParams;
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>Trade Portal</h1>
        <p className="muted">Orders, invoices and payments between the retailer and its suppliers.</p>
        <SignInForm token={await xsrfToken()} error={error} status={status} email={email ?? ''} forgotOpen={forgot === '1'} />
      </section>
    </main>
  );
}

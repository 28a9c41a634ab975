import Link from 'next/link';
import { describeUnsubscribe, INVALID_UNSUBSCRIBE_LINK } from '@/lib/domain/notifications/unsubscribe';

export const metadata = { title: 'Unsubscribe' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * Where a notification's unsubscribe link leads. Opening it changes nothing (mail scanners open links): the button
 * posts the same one-click request a mail client would (POST /unsubscribe).
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const view = await describeUnsubscribe(token);
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>Unsubscribe</h1>
        {view ? (
          <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token ?? '')}`} className="form-stack">
            <p>
              Stop e-mails to {view.email} about {view.labels.join(', ')}?
            </p>
            <button type="submit" className="btn btn--primary">
              Unsubscribe
            </button>
          </form>
        ) : (
          <p className="alert alert--error" role="alert">
            {INVALID_UNSUBSCRIBE_LINK}
          </p>
        )}
        <Link className="link" href="/preferences/email">
          Choose your e-mail preferences
        </Link>
      </section>
    </main>
  );
}

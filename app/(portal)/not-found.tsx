import Link from 'next/link';

export const metadata = { title: 'Not found' };

/** An address that is no screen of the portal: said inside the portal, with the navbar still there. */
export default function PortalNotFound() {
  return (
    <section className="coming">
      <header className="page__header">
        <h1 className="page__title">Page not found</h1>
      </header>
      <div className="card coming__card">
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p>
          <Link href="/" className="link">
            Back to the start page
          </Link>
        </p>
      </div>
    </section>
  );
}

import Link from 'next/link';

/** A screen that is planned but not built yet: inside the portal, with its title and a clear "coming" state. */
export function ComingSoon({ title, text }: { title: string; text?: string }) {
  return (
    <section className="coming">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
      </header>
      <div className="card coming__card">
        <p className="coming__badge">
          <span className="badge badge--accent">Coming soon</span>
        </p>
        <p>{text ?? `The ${title} screen is being built. It will appear here as soon as it is ready.`}</p>
        <p>
          <Link href="/" className="link">
            Back to the start page
          </Link>
        </p>
      </div>
    </section>
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { openDownload } from '@/lib/domain/catalogue/open-download';
import { NotFoundError } from '@/lib/domain/errors';

export const metadata = { title: 'Download' };

/**
 * Where an e-mailed download link lands (spec §8–9): the file while the link's hour lasts, a clear
 * 'expired' page after it. Signing in first is required; the link works only for the user it was sent to.
 */
export default async function DownloadPage({ params }: { params: Promise<{ token: string }> }) {
  const actor = await requireActor();
  const { token } = await params;
  const download = await openDownload(actor, token).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  return (
    <section className="download">
      <header className="page__header">
        <h1 className="page__title">{download.status === 'expired' ? 'This download link has expired' : 'Your download is ready'}</h1>
      </header>
      <div className="card">
        {download.status === 'expired' ? (
          <>
            <p>Download links work for one hour after they are sent. Ask for a new download from the Items or Pricing screen.</p>
            <p>
              <Link className="link" href="/items">
                Items
              </Link>{' '}
              ·{' '}
              <Link className="link" href="/pricing">
                Pricing
              </Link>
            </p>
          </>
        ) : (
          <p>
            <a className="btn btn--primary" href={`/api/downloads/${encodeURIComponent(token)}`} download={download.fileName}>
              Download {download.fileName}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

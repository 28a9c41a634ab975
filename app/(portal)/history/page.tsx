import { requireActor } from '@/lib/auth/server';

export const metadata = { title: 'History' };

/** Start screen of retailer and portal staff. The searchable history list is built by its own issue. */
export default async function HistoryPage() {
  const actor = await requireActor();
  return (
    <section>
      <h1>Document history</h1>
      <p className="muted">
        Signed in as {actor.name} ({actor.roleCode}).
      </p>
    </section>
  );
}

import { requireActor } from '@/lib/auth/server';
import { ComingSoon } from '@/components/ui/coming-soon';

export const metadata = { title: 'History' };

/** Start screen of retailer and portal staff. The searchable history list is built by its own issue. */
export default async function HistoryPage() {
  await requireActor();
  return (
    <ComingSoon
      title="Document history"
      text="The searchable history of orders, invoices, delivery notes and remittances is being built. It will appear here as soon as it is ready."
    />
  );
}

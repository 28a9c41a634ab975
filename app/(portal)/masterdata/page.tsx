import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listHistory } from '@/lib/domain/masterdata/queries';
import { historyFilterSchema } from '@/lib/domain/masterdata/schemas';
import { MasterdataScreen } from './_components/masterdata-screen';

export const metadata = { title: 'Master-data changes' };

/** /masterdata: the audit list of master-data changes (uploads and vendor data edits), newest first. */
export default async function MasterdataPage() {
  const actor = await requireActor();
  if (!can(actor, 'masterdata.read')) notFound();
  const { histories } = await listHistory(actor, historyFilterSchema.parse({}));
  return <MasterdataScreen initial={histories} canApprove={can(actor, 'masterdata.approve')} />;
}

import { notFound } from 'next/navigation';
import { firstPage } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listHistory } from '@/lib/domain/masterdata/queries';
import { historyFilterSchema } from '@/lib/domain/masterdata/schemas';
import { MasterdataScreen } from './_components/masterdata-screen';
import { MASTERDATA_LIST } from './_components/masterdata-list';

export const metadata = { title: 'Master-data changes' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /masterdata: the audit list of master-data changes (uploads and vendor data edits), newest first. The
 * address holds the filters, page, page size and sort; the first page is rendered here for it, or left
 * to the browser when the address asks what the API refuses (it then shows the refusal).
 */
export default async function MasterdataPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'masterdata.read')) notFound();
  const initial = await firstPage(MASTERDATA_LIST, searchParams, historyFilterSchema, (query) => listHistory(actor, query));
  return <MasterdataScreen initial={initial} canApprove={can(actor, 'masterdata.approve')} />;
}

import { notFound } from 'next/navigation';
import { createLoader } from 'nuqs/server';
import { firstPage } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listChanges } from '@/lib/domain/changes/queries';
import { changeListFilterSchema } from '@/lib/domain/changes/schemas';
import { ChangesScreen } from './_components/changes-screen';
import { CHANGE_LISTS, changeTabParser } from './_components/changes-list';

export const metadata = { title: 'Change management' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /changes: item changes (the default tab) and pricing changes (`?tab=pricing`). The address holds the
 * tab, filters, page, page size and sort; the first page is rendered here for it, or left to the
 * browser when the address asks what the API refuses (it then shows the refusal).
 */
export default async function ChangesPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'changes.read')) notFound();
  const { tab } = await createLoader({ tab: changeTabParser })(searchParams);
  const initial = await firstPage(CHANGE_LISTS[tab], searchParams, changeListFilterSchema, (query) => listChanges(actor, tab, query));
  return <ChangesScreen initial={initial} canApprove={can(actor, 'changes.approve')} />;
}

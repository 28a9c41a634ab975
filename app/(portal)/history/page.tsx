import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { listQuery, loadListState } from '@/components/lists/list-spec';
import { PAGE_SIZE_COOKIES, parsePageSize } from '@/components/lists/page-size';
import { requireActor } from '@/lib/auth/server';
import { can, startPathFor } from '@/lib/auth/permissions';
import { listHistoryDocuments } from '@/lib/domain/history/queries';
import { historyFilterSchema } from '@/lib/domain/history/schemas';
import { historySelection } from '@/lib/domain/history/selections';
import { chosenLookups } from '@/lib/domain/lookups/chosen';
import { listDivisions, listSubsidiaries } from '@/lib/domain/lookups/queries';
import { HISTORY_LIST, selectionQuery } from './_components/history-list';
import { HistoryScreen } from './_components/history-screen';

export const metadata = { title: 'History' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * `/history`: the staff's start screen. The address carries the filters, `page`, `results`, `sort` and
 * `direction` (HISTORY_LIST); the page size otherwise comes from the historyPageLimit cookie (default
 * 50); the subsidiary (unless the address names one) and the selected vendors are held on the server.
 * The first page is rendered here, for the same question the browser would ask, from the domain
 * function GET /history/documents calls.
 */
export default async function HistoryPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'history.read')) redirect(startPathFor(actor.roleCode));
  const state = await loadListState(HISTORY_LIST, searchParams);
  const pageSize = parsePageSize((await cookies()).get(PAGE_SIZE_COOKIES.history)?.value);
  const values = {
    store: state.store ?? undefined,
    region: state.region ?? undefined,
    custaccountTinyMce: state.custaccountTinyMce ?? undefined,
  };
  // The store, region and customer boxes search the server; only the chosen ones are read here, by name.
  const [selection, chosen, divisions, subsidiaries] = await Promise.all([
    historySelection(actor),
    chosenLookups(actor, values),
    listDivisions(actor, { limit: 100 }),
    listSubsidiaries(actor, { limit: 100 }),
  ]);
  const heldSubsidiary = selection.selected_subsidiary ? String(selection.selected_subsidiary.id) : '';
  const vendorCodes = selection.data.map((v) => v.code);
  const query = { ...selectionQuery(heldSubsidiary, vendorCodes), ...listQuery(HISTORY_LIST, state, pageSize) };
  const parsed = historyFilterSchema.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)));
  const firstPage = parsed.success ? (await listHistoryDocuments(actor.scope, parsed.data)).value() : undefined;

  const lookups = { ...chosen, division: divisions.map((d) => ({ value: String(d.id), label: d.name })) };
  return (
    <HistoryScreen
      initialPage={firstPage}
      pageSize={pageSize}
      lookups={lookups}
      subsidiaries={subsidiaries.subsidiaries}
      heldSubsidiary={heldSubsidiary}
      selectedVendors={selection.data}
    />
  );
}

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { PAGE_SIZE_COOKIES, parsePageSize } from '@/components/lists/page-size';
import { requireActor } from '@/lib/auth/server';
import { can, startPathFor } from '@/lib/auth/permissions';
import { listHistoryDocuments } from '@/lib/domain/history/queries';
import { historyFilterSchema } from '@/lib/domain/history/schemas';
import { historySelection } from '@/lib/domain/history/selections';
import { chosenLookups } from '@/lib/domain/lookups/chosen';
import { listDivisions, listSubsidiaries } from '@/lib/domain/lookups/queries';
import { HistoryScreen } from './_components/history-screen';
import { readHistoryUrl } from './_components/history-url';

export const metadata = { title: 'History' };

/**
 * `/history`: the staff's start screen. The address carries the filters, `page`, `results`, `sort` and
 * `direction`; the page size otherwise comes from the historyPageLimit cookie (default 50); the
 * subsidiary and the selected vendors are held on the server. The first page is rendered here from
 * the same domain function GET /history/documents calls.
 */
export default async function HistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'history.read')) redirect(startPathFor(actor.roleCode));
  const url = readHistoryUrl(await searchParams);
  const pageSize = url.pageSize ?? parsePageSize((await cookies()).get(PAGE_SIZE_COOKIES.history)?.value);
  // The store, region and customer boxes search the server; only the chosen ones are read here, by name.
  const [selection, chosen, divisions, subsidiaries] = await Promise.all([
    historySelection(actor),
    chosenLookups(actor, url.filters),
    listDivisions(actor, { limit: 100 }),
    listSubsidiaries(actor, { limit: 100 }),
  ]);
  const subsidiary = url.filters.subsidiary ?? (selection.selected_subsidiary ? String(selection.selected_subsidiary.id) : undefined);
  const vendorCode = selection.data.length ? selection.data.map((v) => v.code).join(',') : undefined;
  const query = {
    ...url.filters,
    subsidiary,
    vendorCode,
    results: pageSize,
    page: url.page,
    sort: url.sort?.columnId,
    direction: url.sort?.direction,
  };
  const parsed = historyFilterSchema.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)));
  const firstPage = parsed.success ? (await listHistoryDocuments(actor.scope, parsed.data)).value() : null;

  const lookups = { ...chosen, division: divisions.map((d) => ({ value: String(d.id), label: d.name })) };
  return (
    <HistoryScreen
      initialUrl={url}
      initialPage={firstPage}
      pageSize={pageSize}
      lookups={lookups}
      subsidiaries={subsidiaries.subsidiaries}
      selectedSubsidiary={subsidiary ?? ''}
      selectedVendors={selection.data}
    />
  );
}

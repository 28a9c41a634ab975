import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import type { Actor } from '@/lib/auth/actor';
import type { Scope } from '@/lib/auth/scope';
import { can, startPathFor } from '@/lib/auth/permissions';
import {
  listOpenOrders,
  listReturnOrders,
  listUnreadDeliveryNotes,
  listUnreadDisputes,
  listUnreadRemittances,
} from '@/lib/domain/inbox/queries';
import { inboxFilterSchema, returnOrderFilterSchema } from '@/lib/domain/inbox/schemas';
import { chosenLookups } from '@/lib/domain/lookups/chosen';
import { lookupLabel } from '@/lib/domain/lookups/label';
import { listVendors } from '@/lib/domain/lookups/queries';
import { createLoader } from 'nuqs/server';
import { listQuery, loadListState } from '@/components/lists/list-spec';
import { InboxScreen } from './_components/inbox-screen';
import { PAGE_SIZE_COOKIES, parsePageSize } from '@/components/lists/page-size';
import { DOC_PARAM, INBOX_PLACE, inboxList, listOf } from './_components/inbox-lists';
import { isListTab, toInboxRow, toListPage, type ListPage, type ListTabId } from './_components/tabs';
import { validateFilters, type FilterName, type FilterValues, type Option } from './_components/filters';

export const metadata = { title: 'Inbox' };

/** A document number in the address longer than this is no tinyMce. */
const MAX_DOC_LENGTH = 100;

/**
 * The page the address asks for (filters, sort, page), from the same domain functions the list handlers
 * call, with only the fields the screen reads; null when the search cannot be made (a reversed date
 * range, a value the list refuses): the screen then asks the API itself and shows the refusal's messages.
 */
async function firstPage(scope: Scope, tab: ListTabId, filters: FilterValues, query: Record<string, unknown>): Promise<ListPage | null> {
  if (Object.keys(validateFilters(filters)).length) return null;
  const page = await loadPage(scope, tab, query);
  return page && { rows: page.rows.map(toInboxRow), pager: page.pager };
}

async function loadPage(scope: Scope, tab: ListTabId, query: Record<string, unknown>): Promise<ListPage | null> {
  if (tab === 'return-orders') {
    const parsed = returnOrderFilterSchema.safeParse(query);
    return parsed.success ? toListPage((await listReturnOrders(scope, parsed.data)).value()) : null;
  }
  const parsed = inboxFilterSchema.safeParse(query);
  if (!parsed.success) return null;
  const filter = parsed.data;
  switch (tab) {
    case 'orders':
      return toListPage((await listOpenOrders(scope, filter)).value());
    case 'delivery-notes':
      return toListPage((await listUnreadDeliveryNotes(scope, filter)).value());
    case 'disputes':
      return toListPage((await listUnreadDisputes(scope, filter)).value());
    case 'remittances':
      return toListPage((await listUnreadRemittances(scope, filter)).value());
  }
}

/** The vendors a supplier is linked to, as the Vendor filter's options; only asked for when there are several. */
async function vendorOptions(actor: Actor): Promise<Option[]> {
  const linked = actor.scope.vendorIds;
  if (!linked || linked.length < 2) return [];
  const vendors = await listVendors(actor, { limit: 1000 });
  return vendors.map((v) => ({ value: String(v.id), label: lookupLabel(v) }));
}

/**
 * `/`: the supplier's inbox; retailer and portal staff start at the history instead. The address
 * carries the tab, the list's filters, sort, page and page size and the open document, so a reload, a
 * pasted link or the way back after signing in renders the same list.
 */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'inbox.read')) redirect(startPathFor(actor.roleCode));

  const [params, vendors] = await Promise.all([searchParams, vendorOptions(actor)]);
  const place = createLoader(INBOX_PLACE)(params);
  const shown = listOf(place.tab, place.view);
  // The list's state with the browser's own parsers (components/lists/list-spec.ts), so both ask the same question.
  const spec = shown && inboxList(shown, vendors.length > 1);
  const state = spec ? await loadListState(spec, searchParams) : null;
  const pageSize = state?.pageLimit ?? parsePageSize((await cookies()).get(PAGE_SIZE_COOKIES.inbox)?.value);
  const filters: FilterValues =
    spec && state
      ? Object.fromEntries(Object.keys(spec.filters).flatMap((n) => (state[n as FilterName] ? [[n, state[n as FilterName]]] : [])))
      : {};
  const tab = place.tab;

  // The store, region and customer boxes search the server; only the chosen ones are read here, by name.
  const [list, lookups] = await Promise.all([
    isListTab(tab) && spec && state ? firstPage(actor.scope, tab, filters, listQuery(spec, state, pageSize)) : Promise.resolve(null),
    chosenLookups(actor, filters),
  ]);
  const doc = shown ? place[DOC_PARAM]?.trim().slice(0, MAX_DOC_LENGTH) || null : null;

  // The Vendor box searches GET /vendors too; the linked vendors name the one the address holds.
  return (
    <InboxScreen
      initialUrl={{ list: shown, filters, doc }}
      initialList={list}
      pageSize={pageSize}
      lookups={{ ...lookups, vendor: vendors }}
      vendors={vendors}
    />
  );
}

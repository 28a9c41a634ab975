import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
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
import { inboxFilterOptions } from '@/lib/domain/lookups/queries';
import { InboxScreen } from './_components/inbox-screen';
import { PAGE_SIZE_COOKIES, parsePageSize } from '@/components/lists/page-size';
import { isListTab, parsePage, parseTab, toInboxRow, toListPage, type ListPage, type ListTabId } from './_components/tabs';

export const metadata = { title: 'Inbox' };

/** The first page of a tab, from the same domain functions the list handlers call, with only the fields the screen reads. */
async function firstPage(scope: Scope, tab: ListTabId, results: number, page: number): Promise<ListPage> {
  const { rows, pager } = await loadFirstPage(scope, tab, results, page);
  return { rows: rows.map(toInboxRow), pager };
}

async function loadFirstPage(scope: Scope, tab: ListTabId, results: number, page: number): Promise<ListPage> {
  const filter = inboxFilterSchema.parse({ results, page });
  switch (tab) {
    case 'orders':
      return toListPage((await listOpenOrders(scope, filter)).value());
    case 'return-orders':
      return toListPage((await listReturnOrders(scope, returnOrderFilterSchema.parse({ results, page }))).value());
    case 'delivery-notes':
      return toListPage((await listUnreadDeliveryNotes(scope, filter)).value());
    case 'disputes':
      return toListPage((await listUnreadDisputes(scope, filter)).value());
    case 'remittances':
      return toListPage((await listUnreadRemittances(scope, filter)).value());
  }
}

/** `/`: the supplier's inbox; retailer and portal staff start at the history instead. */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'inbox.read')) redirect(startPathFor(actor.roleCode));

  const params = await searchParams;
  const tab = parseTab(params.tab);
  const page = parsePage(params.page);
  const pageSize = parsePageSize((await cookies()).get(PAGE_SIZE_COOKIES.inbox)?.value);

  const [list, options] = await Promise.all([
    isListTab(tab) ? firstPage(actor.scope, tab, pageSize, page) : Promise.resolve(null),
    inboxFilterOptions(actor),
  ]);

  const lookups = {
    store: options.stores.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` })),
    region: options.regions.map((r) => ({ value: String(r.id), label: r.name })),
    custaccountTinyMce: options.subsidiaries.map((c) => ({ value: c.tinyMce, label: c.name })),
  };

  return <InboxScreen initialTab={tab} initialPage={page} initialList={list} pageSize={pageSize} lookups={lookups} />;
}

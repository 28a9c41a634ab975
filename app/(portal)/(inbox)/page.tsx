import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import type { Actor } from '@/lib/auth/actor';
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
async function firstPage(actor: Actor, tab: ListTabId, results: number, page: number): Promise<ListPage> {
  const { rows, pager } = await loadFirstPage(actor, tab, results, page);
  return { rows: rows.map(toInboxRow), pager };
}

async function loadFirstPage(actor: Actor, tab: ListTabId, results: number, page: number): Promise<ListPage> {
  const filter = inboxFilterSchema.parse({ results, page });
  switch (tab) {
    case 'orders':
      return toListPage(await listOpenOrders(actor, filter));
    case 'return-orders':
      return toListPage(await listReturnOrders(actor, returnOrderFilterSchema.parse({ results, page })));
    case 'delivery-notes':
      return toListPage(await listUnreadDeliveryNotes(actor, filter));
    case 'disputes':
      return toListPage(await listUnreadDisputes(actor, filter));
    case 'remittances':
      return toListPage(await listUnreadRemittances(actor, filter));
  }
}

/** `/`: the supplier's inbox; retailer and portal staff start at the history instead. */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (actor.kind !== 'vendor') redirect('/history');

  const params = await searchParams;
  const tab = parseTab(params.tab);
  const page = parsePage(params.page);
  const pageSize = parsePageSize((await cookies()).get(PAGE_SIZE_COOKIES.inbox)?.value);

  const [list, options] = await Promise.all([
    isListTab(tab) ? firstPage(actor, tab, pageSize, page) : Promise.resolve(null),
    inboxFilterOptions(actor),
  ]);

  const lookups = {
    store: options.stores.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` })),
    region: options.regions.map((r) => ({ value: String(r.id), label: r.name })),
    custaccountTinyMce: options.subsidiaries.map((c) => ({ value: c.tinyMce, label: c.name })),
  };

  return <InboxScreen initialTab={tab} initialPage={page} initialList={list} pageSize={pageSize} lookups={lookups} />;
}

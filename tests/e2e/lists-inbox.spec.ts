import { test } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import { expectListFollowsHistory, expectListSurvivesReload, expectSlowFirstAnswerDropped, type ListUnderTest } from './list-helpers';

/**
 * The inbox's lists on the one list mechanism (issue 26): on every tab the demo supplier has, the
 * filters, sort, page size and page survive a reload, back and forward, and a slow first answer never
 * replaces a later one. Each filter leaves more than one page at its page size even after the other
 * specs of a run have answered, read or invoiced a few of the seeded documents.
 */
test.use(signedInAs('supplier@portal.test'));

const ORDERS: ListUnderTest = {
  path: '/?tab=orders',
  // Not /orders/returned or /orders/uninvoiced (the other tabs' counters ask those at the same time).
  endpoint: '/orders?',
  filtersLabel: 'Order filters',
  // Of the demo supplier's 180 open orders, most are stock orders and some are promotions: the two lists differ.
  filter: { label: 'Order type', param: 'orderType', value: 'stock', kind: 'select' },
  otherFilter: { label: 'Order type', param: 'orderType', value: 'promotion', kind: 'select' },
  sort: { header: 'Delivery date', key: 'deliveryDate' },
  pageSize: { value: 25, param: 'results' },
};

const RETURN_ORDERS: ListUnderTest = {
  path: '/?tab=return-orders',
  endpoint: '/orders/returned?',
  filtersLabel: 'Return order filters',
  // 51 return orders: 39 stock orders (4 pages of 10), 10 promotions.
  filter: { label: 'Order type', param: 'orderType', value: 'stock', kind: 'select' },
  otherFilter: { label: 'Order type', param: 'orderType', value: 'promotion', kind: 'select' },
  sort: { header: 'Collection date', key: 'deliveryDate' },
  pageSize: { value: 10, param: 'results' },
};

const TO_INVOICE: ListUnderTest = {
  path: '/?tab=invoices',
  endpoint: '/orders/uninvoiced?',
  filtersLabel: 'Orders to invoice: filters',
  // The demo supplier has 21 orders to invoice, 20 confirmed (invoicing.spec invoices at most four); a few are of sub type Direct.
  filter: { label: 'Work-flow status', param: 'wfStatusCode', value: 'confirmed', kind: 'select' },
  otherFilter: { label: 'Order sub type', param: 'xdocTypeSubCode', value: 'direct', kind: 'select' },
  sort: { header: 'Order number', key: 'docno' },
  pageSize: { value: 10, param: 'results' },
};

/** A document tab: filtered by a part of the document number, sorted by date. */
const documentTab = (tab: string, endpoint: string, docno: string, otherDocno: string): ListUnderTest => ({
  path: `/?tab=${tab}`,
  endpoint,
  filtersLabel: 'Document filters',
  filter: { label: 'Document number', param: 'docno', value: docno, kind: 'text' },
  otherFilter: { label: 'Document number', param: 'docno', value: otherDocno, kind: 'text' },
  sort: { header: 'Date', key: 'docDate' },
  pageSize: { value: 10, param: 'results' },
});

// 34 unread delivery notes, half numbered DN00001…, half DN00000…; inbox.spec reads two.
const DELIVERY_NOTES = documentTab('delivery-notes', '/delivery-notes?', 'DN00001', 'DN00000');
// 17 unread disputes (11 DSP00001…, 6 DSP00000…); inbox-real-users reads three, so only all of them ('DSP') surely fill two pages.
const DISPUTES = documentTab('disputes', '/disputes?', 'DSP', 'DSP00000');
// 40 unread remittance advices: 18 RA00001…, 22 RA00000…; inbox.spec reads one.
const REMITTANCES = documentTab('remittances', '/remittance-advices?', 'RA00001', 'RA00000');

for (const [name, list] of [
  ['orders tab', ORDERS],
  ['return orders tab', RETURN_ORDERS],
  ['invoices tab (to invoice)', TO_INVOICE],
  ['delivery notes tab', DELIVERY_NOTES],
  ['disputes tab', DISPUTES],
  ['remittances tab', REMITTANCES],
] as const) {
  test.describe(name, () => {
    test('keeps its filter, sort, page size and page over a reload', async ({ page }) => {
      await expectListSurvivesReload(page, list);
    });

    test('follows back and forward through its filter, sort, page size and page', async ({ page }) => {
      await expectListFollowsHistory(page, list);
    });

    test('never lets a slow first answer replace a later one', async ({ page }) => {
      await expectSlowFirstAnswerDropped(page, list);
    });
  });
}

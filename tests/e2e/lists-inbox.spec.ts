import { test } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import { expectSlowFirstAnswerDropped, type ListUnderTest } from './list-helpers';

/**
 * The inbox's lists on the one list mechanism (issue 26): on an inbox tab and on the invoices tab a slow
 * first answer never replaces a later one.
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

const TO_INVOICE: ListUnderTest = {
  path: '/?tab=invoices',
  endpoint: '/orders/uninvoiced?',
  filtersLabel: 'Orders to invoice: filters',
  // The demo supplier has about twenty orders to invoice, nearly all confirmed; a few are of sub type Direct.
  filter: { label: 'Work-flow status', param: 'wfStatusCode', value: 'confirmed', kind: 'select' },
  otherFilter: { label: 'Order sub type', param: 'xdocTypeSubCode', value: 'direct', kind: 'select' },
  sort: { header: 'Order number', key: 'docno' },
  pageSize: { value: 10, param: 'results' },
};

for (const [name, list] of [
  ['orders tab', ORDERS],
  ['invoices tab', TO_INVOICE],
] as const) {
  test.describe(name, () => {
    test('never lets a slow first answer replace a later one', async ({ page }) => {
      await expectSlowFirstAnswerDropped(page, list);
    });
  });
}

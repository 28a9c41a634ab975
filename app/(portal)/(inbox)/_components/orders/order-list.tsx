'use client';

import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { SortableTable, type CardLayout, type Column } from '@/components/lists/sortable-table';
import { api } from '@/lib/client/api';
import { reasonsFor } from '@/lib/domain/inbox/schemas';
import { BUSY_BULK_RESPONDING, bulkResponseMap, responseOutcome, type RespondResult, type ResponseOutcome } from './bulk';
import { BulkRejectDialog } from './bulk-reject-dialog';
import { dateColumn, docnoColumn, linesColumn, moneyColumn, statusColumn, storeColumn, textColumn, vendorColumn } from '../columns';
import { optionLabel, ORDER_SUB_TYPES, ORDER_TYPE_OPTIONS } from '../filters';
import type { InboxListProps } from '../list-props';
import { ListFrame } from '@/components/lists/list-frame';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { OrderResponseModal } from './order-response-modal';
import type { RejectionFields } from './response-form';
import type { InboxRow } from '../tabs';
import { useListControls } from '../use-list-controls';
import { requestErrorText, useOops } from '@/components/ui/use-oops';

/** The order columns; a Vendor column for a user with several vendors. */
export function orderColumns(isReturn: boolean, showVendor: boolean, onOpen: (row: InboxRow) => void): Column<InboxRow>[] {
  return [
    docnoColumn('Order number', onOpen),
    ...(showVendor ? [vendorColumn()] : []),
    ...(isReturn ? [] : [textColumn('subType', 'Sub type', (row) => optionLabel(ORDER_SUB_TYPES, row.xdocSubTypeCode))]),
    textColumn('orderType', 'Order type', (row) => optionLabel(ORDER_TYPE_OPTIONS, row.orderType)),
    storeColumn(),
    textColumn('customer', 'Customer', (row) => row.custaccountName, undefined, true),
    dateColumn('docDate', 'Order date'),
    dateColumn('deliveryDate', isReturn ? 'Collection date' : 'Delivery date'),
    linesColumn(),
    moneyColumn(),
    statusColumn(),
  ];
}

/** At phone width each order is a card: its number, then customer, dates, total and status. */
export const ORDER_CARD: CardLayout = {
  title: 'docno',
  fields: ['vendor', 'customer', 'docDate', 'deliveryDate', 'xdocTotalIncl', 'status'],
};

/** "Confirm 3 orders?": the bulk confirmation names how many, as the bulk rejection does. */
export function bulkConfirmQuestion(count: number): { title: string; text: string } {
  const orders = count === 1 ? 'order' : 'orders';
  return { title: `Confirm ${count} ${orders}?`, text: `The ${count} selected ${orders} will be confirmed.` };
}

/** Orders or return orders: filters, the paged list, bulk confirm/reject and the response modal. */
export function OrderList(props: InboxListProps<'orders' | 'return-orders'>) {
  const { tab, onDecrement } = props;
  const isReturn = tab === 'return-orders';
  const {
    list,
    selection,
    selected: selectedOnPage,
    loader,
    frame,
    table,
    openRow,
    returnFocusTo,
    emptyMessage,
    showVendor,
  } = useListControls(props);
  const snackbar = useSnackbar();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { oops, dialog: oopsDialog } = useOops();
  const [rejecting, setRejecting] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const columns = useMemo(() => orderColumns(isReturn, showVendor, openRow), [isReturn, showVendor, openRow]);
  const reasons = useMemo(() => reasonsFor(isReturn), [isReturn]);
  const selected = selectedOnPage.length;

  function settle(outcome: ResponseOutcome) {
    list.remove(outcome.succeeded);
    onDecrement(tab, outcome.succeeded.length);
    snackbar.show(outcome.message, outcome.kind);
  }

  async function respondInBulk(header: { response: 'confirmed' } | ({ response: 'rejected' } & RejectionFields)) {
    const bulk = bulkResponseMap(list.rows, selection.selectedIds);
    if (Object.keys(bulk).length === 0) return;
    setBulkBusy(true);
    try {
      const result = await api.put<RespondResult>('/orders/bulkResponse', { orderResponse: { header, bulkResponse: bulk } });
      settle(responseOutcome(result ?? {}, (id) => bulk[id]));
    } catch (error) {
      await oops(requestErrorText(error));
    } finally {
      setBulkBusy(false);
      selection.clear();
    }
  }

  async function confirmSelected() {
    const yes = await confirm(bulkConfirmQuestion(selected));
    if (yes) await respondInBulk({ response: 'confirmed' });
  }

  function rejectSelected(rejection: RejectionFields) {
    setRejecting(false);
    void respondInBulk({ response: 'rejected', ...rejection });
  }

  function onResponded(outcome: ResponseOutcome) {
    settle(outcome);
    if (outcome.succeeded.length) loader.close();
  }

  return (
    <>
      <ListFrame
        {...frame}
        filtersLabel={isReturn ? 'Return order filters' : 'Order filters'}
        actions={
          <>
            <span className="list-selected muted">{selected ? `${selected} selected` : 'Select orders to answer them together'}</span>
            <button type="button" className="btn btn--sm" disabled={!selected || bulkBusy} onClick={confirmSelected}>
              Confirm selected
            </button>
            <button type="button" className="btn btn--sm btn--danger" disabled={!selected || bulkBusy} onClick={() => setRejecting(true)}>
              Reject selected
            </button>
            <LoadingIndicator active={bulkBusy} label={BUSY_BULK_RESPONDING} />
          </>
        }
        loading={list.loading}
      >
        <SortableTable
          {...table}
          columns={columns}
          card={ORDER_CARD}
          emptyMessage={emptyMessage(isReturn ? 'No open return orders.' : 'No open orders.')}
        />
      </ListFrame>
      {loader.doc ? (
        <OrderResponseModal
          key={loader.doc.tinyMce}
          order={loader.doc}
          isReturn={isReturn}
          showVendor={showVendor}
          returnFocus={returnFocusTo(loader.doc.tinyMce)}
          onClose={loader.close}
          onResponded={onResponded}
        />
      ) : null}
      {rejecting ? (
        <BulkRejectDialog count={selected} reasons={reasons} onSubmit={rejectSelected} onCancel={() => setRejecting(false)} />
      ) : null}
      {confirmDialog}
      {oopsDialog}
    </>
  );
}

'use client';

import { useMemo, useState } from 'react';
import type { Column } from '@/components/lists/sortable-table';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable } from '@/components/lists/sortable-table';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { requestErrorText, useOops } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import type { SubmittedDocument } from '@/lib/domain/invoicing/submit-once';
import type { InboxListProps } from '../list-props';
import { ORDER_CARD, orderColumns } from '../orders/order-list';
import type { InboxRow, InvoiceViewId } from '../tabs';
import { useListControls } from '../use-list-controls';
import { DeliveryNoteModal } from './delivery-note-modal';
import { InvoiceModal } from './invoice-modal';
import { UblUploadDialog } from './ubl-upload-dialog';

type Purpose = 'invoice' | 'deliverynote' | 'ubl';

/**
 * The acts on a row besides opening it: a delivery note (orders to invoice only), the invoice or credit note
 * as a UBL file (issue 25), and dismissing invoicing.
 */
function actionsColumn(
  isCredit: boolean,
  onDeliveryNote: (row: InboxRow) => void,
  onUbl: (row: InboxRow) => void,
  onDismiss: (row: InboxRow) => void,
): Column<InboxRow> {
  const stop = (act: (row: InboxRow) => void, row: InboxRow) => (event: React.MouseEvent) => {
    event.stopPropagation();
    act(row);
  };
  return {
    id: 'actions',
    header: <span className="visually-hidden">Actions</span>,
    label: 'Actions',
    cell: (row) => (
      <span className="invoice-actions">
        {isCredit ? null : (
          <button type="button" className="btn btn--sm" onClick={stop(onDeliveryNote, row)} aria-label={`Delivery note for ${row.docno}`}>
            Delivery note
          </button>
        )}
        <button
          type="button"
          className="btn btn--sm"
          onClick={stop(onUbl, row)}
          aria-label={`Upload UBL ${isCredit ? 'credit note' : 'invoice'} for ${row.docno}`}
          title={`Upload the ${isCredit ? 'credit note' : 'invoice'} as a UBL file`}
        >
          UBL
        </button>
        <button
          type="button"
          className="btn btn--sm btn--ghost"
          onClick={stop(onDismiss, row)}
          aria-label={`Dismiss invoicing for ${row.docno}`}
        >
          Dismiss
        </button>
      </span>
    ),
  };
}

/**
 * One view of the invoices tab (spec §2): orders to invoice, or return orders to credit. Opening a row
 * shows the invoice window (the discrepancy window when the retailer's goods receipt differs), its
 * actions the delivery-note window and dismissing; an order that leaves the view lowers its counter.
 */
export function InvoiceList(props: InboxListProps<InvoiceViewId>) {
  const { tab: view, onDecrement } = props;
  const isCredit = view === 'to-credit';
  const { list, loader, frame, table, openRow, returnFocusTo, emptyMessage, showVendor } = useListControls(props);
  const [purpose, setPurpose] = useState<Purpose>('invoice');
  const snackbar = useSnackbar();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { oops, dialog: oopsDialog } = useOops();

  const columns = useMemo(() => {
    const openAs = (purpose: Purpose) => (row: InboxRow) => {
      setPurpose(purpose);
      openRow(row);
    };
    const dismiss = async (row: InboxRow) => {
      if (!(await confirm({ title: `Are you sure you want to dismiss invoicing for order ${row.docno}?` }))) return;
      try {
        const result = await api.get<{ message: string }>(`/orders/dismiss/${encodeURIComponent(row.tinyMce)}`);
        list.remove([row.tinyMce]);
        onDecrement(view, 1);
        snackbar.show(result.message, 'success');
      } catch (error) {
        await oops(requestErrorText(error));
      }
    };
    return [
      ...orderColumns(isCredit, showVendor, openAs('invoice')),
      actionsColumn(isCredit, openAs('deliverynote'), openAs('ubl'), (row) => void dismiss(row)),
    ];
  }, [isCredit, showVendor, openRow, confirm, list, onDecrement, view, snackbar, oops]);

  function submitted(result: SubmittedDocument) {
    loader.close();
    snackbar.show(result.message, 'success');
    if (result.order.responded) {
      list.remove([result.order.tinyMce]);
      onDecrement(view, 1);
    }
  }

  const order = loader.doc;
  /** What the invoice window and the UBL upload are both given. */
  const raiseProps = (doc: NonNullable<typeof order>) => ({
    order: doc,
    isCredit,
    returnFocus: returnFocusTo(doc.tinyMce),
    onClose: loader.close,
    onSubmitted: submitted,
  });
  return (
    <>
      <ListFrame
        {...frame}
        filtersLabel={isCredit ? 'Return orders to credit: filters' : 'Orders to invoice: filters'}
        actions={
          <span className="list-selected muted">
            {isCredit ? 'Open a return order to raise its credit note' : 'Open an order to invoice it'}
          </span>
        }
        loading={list.loading}
      >
        <SortableTable
          {...table}
          selectedIds={undefined}
          onToggle={undefined}
          onToggleAll={undefined}
          onRowClick={(row) => {
            setPurpose('invoice');
            openRow(row);
          }}
          columns={columns}
          card={{ ...ORDER_CARD, fields: [...ORDER_CARD.fields, 'actions'] }}
          emptyMessage={emptyMessage(isCredit ? 'No return orders to credit.' : 'No orders to invoice.')}
        />
      </ListFrame>
      {order && purpose === 'invoice' ? (
        <InvoiceModal key={order.tinyMce} {...raiseProps(order)} onUploadUbl={() => setPurpose('ubl')} />
      ) : null}
      {order && purpose === 'ubl' ? <UblUploadDialog key={order.tinyMce} {...raiseProps(order)} /> : null}
      {order && purpose === 'deliverynote' ? (
        <DeliveryNoteModal
          key={order.tinyMce}
          order={order}
          returnFocus={returnFocusTo(order.tinyMce)}
          onClose={loader.close}
          onSubmitted={(result) => {
            loader.close();
            snackbar.show(result.message, 'success');
          }}
        />
      ) : null}
      {confirmDialog}
      {oopsDialog}
    </>
  );
}

'use client';

import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { SortableTable, type CardLayout, type Column } from '@/components/lists/sortable-table';
import { api } from '@/lib/client/api';
import { dateColumn, docnoColumn, moneyColumn, storeColumn, textColumn, vendorColumn } from '../columns';
import { DocumentModal, noticeDocumentLabel, type NoticeDocumentKind } from '@/components/documents/document-modal';
import type { InboxListProps } from '../list-props';
import { ListFrame } from '@/components/lists/list-frame';
import { NoticeModal } from '@/components/ui/notice-modal';
import { documentLabel } from '@/lib/vocabulary';
import type { DocumentTabId, InboxRow } from '../tabs';
import { useListControls } from '../use-list-controls';

const customer = textColumn('customer', 'Customer', (row) => row.custaccountName, undefined, true);
const orderno = textColumn('orderno', 'Order number', (row) => row.orderno);

const NUMBER_HEADERS: Record<DocumentTabId, string> = {
  'delivery-notes': documentLabel({ xdocTypeCode: 'deliverynote' }),
  disputes: documentLabel({ xdocTypeCode: 'dispute' }),
  remittances: documentLabel({ xdocTypeCode: 'remittance' }),
};

/** A document tab's columns; a Vendor column for a user with several vendors. */
export function documentColumns(tab: DocumentTabId, showVendor: boolean, onOpen: (row: InboxRow) => void): Column<InboxRow>[] {
  const docno = docnoColumn(NUMBER_HEADERS[tab], onOpen);
  const vendor = showVendor ? [vendorColumn()] : [];
  switch (tab) {
    case 'delivery-notes':
      return [docno, ...vendor, orderno, storeColumn(), customer, dateColumn('docDate', 'Date'), moneyColumn()];
    case 'disputes':
      return [
        docno,
        ...vendor,
        orderno,
        textColumn('reason', 'Reason', (row) => row.reasonLabel ?? row.reasonCode),
        storeColumn(),
        customer,
        dateColumn('docDate', 'Date'),
        moneyColumn(),
      ];
    case 'remittances':
      return [
        docno,
        ...vendor,
        textColumn('descr', 'Description', (row) => row.xdocDescr),
        customer,
        dateColumn('docDate', 'Date'),
        moneyColumn('xdocTotalIncl', 'Amount'),
      ];
  }
}

/** At phone width each document is a card: its number, then what tells it apart. */
const CARDS: Record<DocumentTabId, CardLayout> = {
  'delivery-notes': { title: 'docno', fields: ['vendor', 'orderno', 'customer', 'docDate', 'xdocTotalIncl'] },
  disputes: { title: 'docno', fields: ['vendor', 'orderno', 'reason', 'customer', 'docDate', 'xdocTotalIncl'] },
  remittances: { title: 'docno', fields: ['vendor', 'customer', 'docDate', 'xdocTotalIncl'] },
};

/** The snackbar after marking as read: which document, or how many. */
export function markedReadMessage(done: number, failed: number, one?: { label: string; docno: string }): string {
  const what = one && done === 1 ? `${one.label} ${one.docno}` : `${done} ${done === 1 ? 'document' : 'documents'}`;
  const marked = done > 0 ? `${what} marked as read.` : '';
  const notMarked = failed > 0 ? `${failed} ${failed === 1 ? 'document' : 'documents'} could not be marked as read.` : '';
  return [marked, notMarked].filter(Boolean).join(' ');
}

const KIND: Record<DocumentTabId, NoticeDocumentKind> = {
  'delivery-notes': 'deliverynote',
  disputes: 'dispute',
  remittances: 'remittance',
};

const EMPTY: Record<DocumentTabId, string> = {
  'delivery-notes': 'No unread delivery notes.',
  disputes: 'No unread disputes.',
  remittances: 'No unread remittance advices.',
};

/** Spec §8: what the delivery-notes section is for. */
export const DELIVERY_NOTE_INFO = 'This section is for suppliers wishing to submit a delivery note before an invoice.';

/** Delivery notes, disputes or remittances: unread documents, each opened in a modal and marked as read. */
export function DocumentList(props: InboxListProps<DocumentTabId>) {
  const { tab, onDecrement } = props;
  const { list, selection, selected, loader, frame, table, openRow, returnFocusTo, emptyMessage, showVendor } = useListControls(props);
  const columns = useMemo(() => documentColumns(tab, showVendor, openRow), [tab, showVendor, openRow]);
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [infoOpen, setInfoOpen] = useState(false);
  const [marking, setMarking] = useState(false);

  /**
   * PUT /xdocs/{tinyMce} {confirm: true} for each; the ones that worked leave the list and the counter
   * at once, and a snackbar says so. A document that failed simply stays in the list (spec §8).
   */
  async function markRead(ids: readonly string[], one?: { docno: string }): Promise<string[]> {
    const results = await Promise.allSettled(ids.map((id) => api.put(`/xdocs/${encodeURIComponent(id)}`, { confirm: true })));
    const done = ids.filter((_, i) => results[i].status === 'fulfilled');
    list.remove(done);
    onDecrement(tab, done.length);
    const failed = ids.length - done.length;
    const message = markedReadMessage(done.length, failed, one && { label: noticeDocumentLabel(KIND[tab]), docno: one.docno });
    if (message) snackbar.show(message, failed ? 'error' : 'success');
    return done;
  }

  async function markOne(doc: { tinyMce: string; docno: string }) {
    const done = await markRead([doc.tinyMce], doc);
    if (done.length) loader.close();
  }

  async function markSelected() {
    const ids = selected;
    const yes = await confirm({ title: 'Are you sure?', text: 'Would you like to mark all these documents as read?' });
    if (yes) {
      setMarking(true);
      await markRead(ids);
      setMarking(false);
    }
    // Spec §4: the selection clears after marking and also when the question is cancelled.
    selection.clear();
  }

  return (
    <>
      <ListFrame
        {...frame}
        filtersLabel="Document filters"
        actions={
          <>
            <span className="list-selected muted">
              {selected.length ? `${selected.length} selected` : 'Select documents to mark them as read'}
            </span>
            <button type="button" className="btn btn--sm" disabled={!selected.length || marking} onClick={markSelected}>
              Mark selected as read
            </button>
            {tab === 'delivery-notes' ? (
              <button type="button" className="btn btn--sm btn--ghost" onClick={() => setInfoOpen(true)}>
                About delivery notes
              </button>
            ) : null}
          </>
        }
        loading={list.loading || marking}
      >
        <SortableTable {...table} columns={columns} card={CARDS[tab]} emptyMessage={emptyMessage(EMPTY[tab])} />
      </ListFrame>
      {loader.doc ? (
        <DocumentModal
          key={loader.doc.tinyMce}
          doc={loader.doc}
          kind={KIND[tab]}
          showVendor={showVendor}
          returnFocus={returnFocusTo(loader.doc.tinyMce)}
          onClose={loader.close}
          onMarkRead={markOne}
        />
      ) : null}
      <NoticeModal open={infoOpen} onOpenChange={setInfoOpen} title="Delivery notes" closeLabel="OK">
        <p>{DELIVERY_NOTE_INFO}</p>
      </NoticeModal>
      {dialog}
    </>
  );
}

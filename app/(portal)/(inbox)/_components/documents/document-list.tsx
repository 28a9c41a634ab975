'use client';

import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { api } from '@/lib/client/api';
import { dateColumn, docnoColumn, moneyColumn, storeColumn, textColumn } from '../columns';
import { DocumentModal, type NoticeDocumentKind } from '@/components/documents/document-modal';
import type { InboxListProps } from '../list-props';
import { ListFrame } from '@/components/lists/list-frame';
import { NoticeModal } from '@/components/ui/notice-modal';
import type { DocumentTabId, InboxRow } from '../tabs';
import { useListControls } from '../use-list-controls';

const customer = textColumn('customer', 'Customer', (row) => row.custaccountName);
const orderno = textColumn('orderno', 'Order number', (row) => row.orderno);

const COLUMNS: Record<DocumentTabId, Column<InboxRow>[]> = {
  'delivery-notes': [docnoColumn('Delivery note'), orderno, storeColumn(), customer, dateColumn('docDate', 'Date'), moneyColumn()],
  disputes: [
    docnoColumn('Dispute'),
    orderno,
    textColumn('reason', 'Reason', (row) => row.reasonLabel ?? row.reasonCode),
    storeColumn(),
    customer,
    dateColumn('docDate', 'Date'),
    moneyColumn(),
  ],
  remittances: [
    docnoColumn('Remittance'),
    textColumn('descr', 'Description', (row) => row.xdocDescr),
    customer,
    dateColumn('docDate', 'Date'),
    moneyColumn('xdocTotalIncl', 'Amount'),
  ],
};

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
  const { list, selection, selected, loader, frame, table } = useListControls(props);
  const { confirm, dialog } = useConfirm();
  const [infoOpen, setInfoOpen] = useState(false);
  const [marking, setMarking] = useState(false);

  /** PUT /xdocs/{tinyMce} {confirm: true} for each; the ones that worked leave the list and the counter at once. */
  async function markRead(ids: readonly string[]): Promise<string[]> {
    const results = await Promise.allSettled(ids.map((id) => api.put(`/xdocs/${encodeURIComponent(id)}`, { confirm: true })));
    const done = ids.filter((_, i) => results[i].status === 'fulfilled');
    // Failures are silent (spec §8): the document simply stays in the list.
    list.remove(done);
    onDecrement(tab, done.length);
    return done;
  }

  async function markOne(doc: { tinyMce: string }) {
    const done = await markRead([doc.tinyMce]);
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
        <SortableTable {...table} columns={COLUMNS[tab]} emptyMessage={list.loading ? 'Loading…' : EMPTY[tab]} />
      </ListFrame>
      {loader.doc ? (
        <DocumentModal key={loader.doc.tinyMce} doc={loader.doc} kind={KIND[tab]} onClose={loader.close} onMarkRead={markOne} />
      ) : null}
      <NoticeModal open={infoOpen} onOpenChange={setInfoOpen} title="Delivery notes" closeLabel="OK">
        <p>{DELIVERY_NOTE_INFO}</p>
      </NoticeModal>
      {dialog}
    </>
  );
}

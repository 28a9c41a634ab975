'use client';

import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/ConfirmDialog';
import { Modal } from '@/components/Modal';
import { SortableTable, type Column } from '@/components/SortableTable';
import { api } from '@/lib/client/api';
import { pushQuery } from '@/lib/client/location';
import { useRowSelection } from '@/lib/client/selection';
import { dateColumn, docnoColumn, moneyColumn, storeColumn, textColumn } from './columns';
import { DocumentModal } from './DocumentModal';
import { FILTER_FIELDS, type FilterValues } from './filters';
import { InboxFilters } from './InboxFilters';
import type { InboxListProps } from './list-props';
import { ListFrame } from './ListFrame';
import type { DocumentTabId, InboxRow } from './tabs';
import { useDocumentLoader } from './useDocumentLoader';
import { useInboxList } from './useInboxList';

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
  remittances: [docnoColumn('Remittance'), textColumn('descr', 'Description', (row) => row.xdocDescr), customer, dateColumn('docDate', 'Date'), moneyColumn('xdocTotalIncl', 'Amount')],
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
  const list = useInboxList(props);
  const pageIds = useMemo(() => list.rows.map((r) => r.tinyMce), [list.rows]);
  const selection = useRowSelection(pageIds);
  const loader = useDocumentLoader();
  const { confirm, dialog } = useConfirm();
  const [infoOpen, setInfoOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

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

  function applyFilters(filters: FilterValues) {
    selection.clear();
    list.applyFilters(filters);
    props.onFiltersChange(tab, filters);
    pushQuery({ page: null });
  }

  function changePageSize(size: number) {
    props.onPageSizeChange(size);
    selection.clear();
    list.load(1, list.filters, size);
    pushQuery({ page: null });
  }

  return (
    <>
      <ListFrame
        filters={
          props.showFilters ? (
            <InboxFilters
              label="Document filters"
              fields={FILTER_FIELDS[tab]}
              values={list.filters}
              lookups={props.lookups}
              onApply={applyFilters}
              onReset={() => applyFilters({})}
            />
          ) : null
        }
        actions={
          <>
            <span className="inbox-selected muted">{selected.length ? `${selected.length} selected` : 'Select documents to mark them as read'}</span>
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
        pageSize={props.pageSize}
        onPageSizeChange={changePageSize}
        pager={list.pager}
        onPageChange={(page) => {
          selection.clear();
          list.load(page);
        }}
      >
        <SortableTable
          columns={COLUMNS[tab]}
          rows={list.rows}
          getRowKey={(row) => row.tinyMce}
          onRowClick={(row) => void loader.open(row.tinyMce)}
          rowClassName={(row) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined)}
          selectedIds={selection.selectedIds}
          onToggle={(id) => selection.onToggle(String(id))}
          onToggleAll={selection.onToggleAll}
          emptyMessage={list.loading ? 'Loading…' : EMPTY[tab]}
        />
      </ListFrame>
      {loader.doc ? <DocumentModal key={loader.doc.tinyMce} doc={loader.doc} tab={tab} onClose={loader.close} onMarkRead={markOne} /> : null}
      <Modal
        open={infoOpen}
        onOpenChange={setInfoOpen}
        size="sm"
        title="Delivery notes"
        footer={
          <button type="button" className="btn btn--primary" onClick={() => setInfoOpen(false)}>
            OK
          </button>
        }
      >
        <p>{DELIVERY_NOTE_INFO}</p>
      </Modal>
      {dialog}
    </>
  );
}

'use client';

import { useState } from 'react';
import { useDocumentLoader } from '@/components/documents/use-document-loader';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable } from '@/components/lists/sortable-table';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { useSnackbar } from '@/components/ui/snackbar';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import type { XdocListRow } from '@/lib/domain/documents/summary';
import { ActedList, type Acted } from './acted-list';
import { FindBox } from './find-box';
import { historyColumns } from './history-columns';
import { HistoryDialogs } from './history-dialogs';
import type { HistoryFilterName } from './history-list';
import { HISTORY_FILTER_FIELDS, validateHistoryFilters } from './history-url';
import { SelectionBar, type SubsidiaryOption } from './selection-bar';
import { useHistoryList, type HistoryListProps } from './use-history-list';
import { useHistoryReport } from './use-history-report';

/** At phone width each document is a card: its number, then what tells it apart. */
const HISTORY_CARD = { title: 'docno', fields: ['xdocTypeCode', 'docDate', 'wfStatusCode', 'vendor', 'xdocTotalIncl'] };

export interface HistoryScreenProps extends HistoryListProps {
  lookups: LookupOptions<HistoryFilterName>;
  subsidiaries: readonly SubsidiaryOption[];
}

/**
 * The staff's document history (spec §2 History): the find box, the selection bar and filters (hidden
 * at a click, and at first on a phone, so the results are near the top), the sortable paged table,
 * the document windows and the report.
 */
export function HistoryScreen({ lookups, subsidiaries, ...listProps }: HistoryScreenProps) {
  const snackbar = useSnackbar();
  const loader = useDocumentLoader();
  const { list, refused, search, changePageSize, reportQuery, selection } = useHistoryList(listProps);
  const report = useHistoryReport();
  const filters = useFiltersToggle();
  const [acted, setActed] = useState<Acted[]>([]);

  function onActed(doc: XdocDetail, message: string, closes: boolean) {
    setActed((done) => [{ docno: doc.docno, message }, ...done.filter((d) => d.docno !== doc.docno)]);
    snackbar.show(message, 'success');
    if (closes) loader.close();
  }

  return (
    <section className="history">
      <div className="page-header">
        <h1>Document history</h1>
        <div className="toolbar">
          <button type="button" className="btn btn--secondary" aria-expanded={filters.open} onClick={filters.toggle}>
            {filters.open ? 'Hide filters' : 'Show filters'}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void report.download(reportQuery)} disabled={report.reporting}>
            {report.reporting ? 'Preparing report…' : 'Download report'}
          </button>
        </div>
      </div>
      <FindBox onOpen={(tinyMce) => void loader.open(tinyMce)} />
      {filters.open ? <SelectionBar subsidiaries={subsidiaries} autoCollapse={filters.auto} {...selection} /> : null}
      <ListFrame
        filtersLabel="History filters"
        filters={
          filters.open
            ? {
                fields: HISTORY_FILTER_FIELDS,
                values: list.filters,
                lookups,
                onApply: search,
                onReset: () => search({}),
                validate: validateHistoryFilters,
                serverErrors: refused?.fields,
                serverMessage: refused?.message,
                autoCollapse: filters.auto,
              }
            : null
        }
        actions={null}
        {...list.frame}
        onPageSizeChange={changePageSize}
      >
        <SortableTable
          caption="Documents"
          columns={historyColumns((row: XdocListRow) => void loader.open(row.tinyMce))}
          rows={list.rows}
          getRowKey={(row) => row.tinyMce}
          onRowClick={(row) => void loader.open(row.tinyMce)}
          rowFocusable={false}
          card={HISTORY_CARD}
          rowClassName={(row) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined)}
          emptyMessage={refused ? `Not searched: ${refused.message}` : 'No documents match these filters.'}
          {...list.table}
          status={refused ? 'ready' : list.table.status}
        />
      </ListFrame>
      <ActedList acted={acted} />
      <HistoryDialogs loader={loader} onActed={onActed} />
      {report.dialog}
    </section>
  );
}

'use client';

import { useCallback, useState } from 'react';
import { useDocumentLoader } from '@/components/documents/use-document-loader';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { SortableTable, type SortState } from '@/components/lists/sortable-table';
import { useSnackbar } from '@/components/ui/snackbar';
import { requestErrorText, useOops } from '@/components/ui/use-oops';
import { api, ApiRequestError } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { pushQuery } from '@/lib/client/location';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import type { XdocListRow } from '@/lib/domain/documents/summary';
import type { HistoryPage } from '@/lib/domain/history/queries';
import type { SelectedVendor } from '@/lib/domain/history/selections';
import { AuditTrailModal } from './audit-trail';
import { FindBox } from './find-box';
import { historyColumns } from './history-columns';
import { HistoryDocumentModal } from './history-document-modal';
import {
  HISTORY_FILTER_FIELDS,
  historyUrlChanges,
  validateHistoryFilters,
  type HistoryFilterName,
  type HistoryFilters,
  type HistoryUrlState,
} from './history-url';
import { RelatedDocumentsModal } from './related-documents';
import { SelectionBar, type SubsidiaryOption } from './selection-bar';

export interface HistoryScreenProps {
  initialUrl: HistoryUrlState;
  initialPage: HistoryPage | null;
  pageSize: number;
  lookups: LookupOptions<HistoryFilterName>;
  subsidiaries: readonly SubsidiaryOption[];
  selectedSubsidiary: string;
  selectedVendors: readonly SelectedVendor[];
}

const EMPTY_PAGER = { results: 50, resultPage: 1, totalPages: 0, totalResults: 0 };
type Refusal = { message: string; fields: Partial<Record<HistoryFilterName, string>> };

/** The staff's document history (spec §2 History): selection bar, filters, sortable paged table, modals, report. */
export function HistoryScreen(props: HistoryScreenProps) {
  const snackbar = useSnackbar();
  const { oops, dialog: oopsDialog } = useOops();
  const loader = useDocumentLoader();
  const [filters, setFilters] = useState<HistoryFilters>(props.initialUrl.filters);
  const [sort, setSort] = useState<SortState | null>(props.initialUrl.sort);
  const [pageSize, setPageSize] = useState(props.pageSize);
  const [page, setPage] = useState<HistoryPage>(
    props.initialPage ?? { xdocs: [], resultPager: { ...EMPTY_PAGER, results: props.pageSize } },
  );
  const [status, setStatus] = useState<'ready' | 'loading' | 'error'>('ready');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [subsidiary, setSubsidiary] = useState(props.initialUrl.filters.subsidiary ?? props.selectedSubsidiary);
  const [vendors, setVendors] = useState<readonly SelectedVendor[]>(props.selectedVendors);
  const [auditOf, setAuditOf] = useState<XdocDetail | null>(null);
  const [relatedOf, setRelatedOf] = useState<string | null>(null);
  /** Spec §4: documents undismissed or made outstanding here, kept in a local list for this visit. */
  const [acted, setActed] = useState<{ docno: string; message: string }[]>([]);
  const [reporting, setReporting] = useState(false);

  /** What a search sends: the panel's filters plus the held subsidiary and selected vendors. */
  const searchFilters = useCallback(
    (panel: HistoryFilters, sub = subsidiary, selected = vendors): HistoryFilters => ({
      ...panel,
      subsidiary: sub || undefined,
      vendorCode: selected.length ? selected.map((v) => v.code).join(',') : undefined,
    }),
    [subsidiary, vendors],
  );

  const load = useCallback(async (next: { filters: HistoryFilters; page: number; size: number; sort: SortState | null }) => {
    const problems = validateHistoryFilters(next.filters);
    if (Object.keys(problems).length) {
      setRefused({ message: Object.values(problems)[0]!, fields: problems });
      return;
    }
    setStatus('loading');
    try {
      const body = await api.get<HistoryPage>('/history/documents', {
        ...next.filters,
        results: next.size,
        page: next.page,
        sort: next.sort?.columnId,
        direction: next.sort?.direction,
      });
      setPage(body);
      setRefused(null);
      setStatus('ready');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) {
        const fields = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, v[0]])) as Refusal['fields'];
        setRefused({ message: error.message, fields });
        setStatus('ready');
      } else setStatus('error');
    }
  }, []);

  function search(
    panel: HistoryFilters,
    options: { sub?: string; selected?: readonly SelectedVendor[]; size?: number; sort?: SortState | null } = {},
  ) {
    const all = searchFilters(panel, options.sub ?? subsidiary, options.selected ?? vendors);
    const nextSort = options.sort === undefined ? sort : options.sort;
    setFilters(panel);
    pushQuery(historyUrlChanges({ filters: all, page: 1, sort: nextSort }));
    void load({ filters: all, page: 1, size: options.size ?? pageSize, sort: nextSort });
  }

  function changePage(next: number) {
    void load({ filters: searchFilters(filters), page: next, size: pageSize, sort });
  }

  function changePageSize(size: number) {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.history, size);
    setPageSize(size);
    pushQuery({ results: size, page: null });
    search(filters, { size });
  }

  function changeSort(next: SortState | null) {
    setSort(next);
    search(filters, { sort: next });
  }

  async function downloadReport() {
    const all = searchFilters(filters);
    const problems = validateHistoryFilters(all);
    if (Object.keys(problems).length) return setRefused({ message: Object.values(problems)[0]!, fields: problems });
    setReporting(true);
    try {
      const query = { ...all, sort: sort?.columnId, direction: sort?.direction };
      const response = await api.raw('GET', '/history/createReport', undefined, query);
      if (response.status === 202) snackbar.show(((await response.json()) as { message: string }).message, 'info');
      else saveBlob(await response.blob(), 'portal_report.xlsx');
    } catch (error) {
      await oops(requestErrorText(error));
    } finally {
      setReporting(false);
    }
  }

  function onActed(doc: XdocDetail, message: string, closes: boolean) {
    setActed((list) => [{ docno: doc.docno, message }, ...list.filter((d) => d.docno !== doc.docno)]);
    snackbar.show(message, 'success');
    if (closes) loader.close();
  }

  const columns = historyColumns((row: XdocListRow) => void loader.open(row.tinyMce));

  return (
    <section className="history">
      <div className="page-header">
        <h1>Document history</h1>
        <button type="button" className="btn btn--primary" onClick={() => void downloadReport()} disabled={reporting}>
          {reporting ? 'Preparing report…' : 'Download report'}
        </button>
      </div>
      <FindBox onOpen={(tinyMce) => void loader.open(tinyMce)} />
      <SelectionBar
        subsidiaries={props.subsidiaries}
        subsidiaryId={subsidiary}
        vendors={vendors}
        subsidiaryError={refused?.fields.subsidiary}
        onChange={({ subsidiaryId, vendors: selected }) => {
          setSubsidiary(subsidiaryId);
          setVendors(selected);
          if (refused?.fields.subsidiary && subsidiaryId) setRefused(null);
        }}
      />
      <ListFrame
        filtersLabel="History filters"
        filters={{
          fields: HISTORY_FILTER_FIELDS,
          values: filters,
          lookups: props.lookups,
          onApply: (values) => search(values),
          onReset: () => search({}),
          // The panel checks its own fields; the subsidiary rule (spec §5) is checked by load(), shown at the selection bar.
          validate: (values) => validateHistoryFilters(values),
          serverErrors: refused?.fields,
          serverMessage: refused?.message,
        }}
        actions={null}
        loading={status === 'loading'}
        pageSize={pageSize}
        onPageSizeChange={changePageSize}
        pager={page.resultPager}
        onPageChange={changePage}
      >
        <SortableTable
          caption="Documents"
          columns={columns}
          rows={page.xdocs}
          getRowKey={(row) => row.tinyMce}
          onRowClick={(row) => void loader.open(row.tinyMce)}
          rowFocusable={false}
          rowClassName={(row) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined)}
          status={status}
          onRetry={() => changePage(Number(page.resultPager.resultPage))}
          sort={sort}
          onSortChange={changeSort}
          emptyMessage={refused ? `Not searched: ${refused.message}` : 'No documents match these filters.'}
        />
      </ListFrame>
      {acted.length ? (
        <section aria-label="Documents changed here" className="history-acted">
          <h2>Changed in this visit</h2>
          <ul>
            {acted.map((d) => (
              <li key={d.docno}>{d.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {loader.doc && !auditOf && !relatedOf ? (
        <HistoryDocumentModal
          doc={loader.doc}
          onClose={loader.close}
          onAuditTrail={() => setAuditOf(loader.doc)}
          onRelated={setRelatedOf}
          onActed={onActed}
        />
      ) : null}
      {auditOf ? <AuditTrailModal doc={auditOf} onClose={() => setAuditOf(null)} /> : null}
      {relatedOf ? (
        <RelatedDocumentsModal
          orderno={relatedOf}
          onClose={() => setRelatedOf(null)}
          onOpen={(tinyMce) => {
            setRelatedOf(null);
            void loader.open(tinyMce);
          }}
        />
      ) : null}
      {oopsDialog}
    </section>
  );
}

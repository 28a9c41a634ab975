'use client';

import { useCallback, useMemo, useState } from 'react';
import { ListFrame } from '@/components/lists/list-frame';
import type { FilterValues } from '@/components/lists/filter-panel';
import { SortableTable, type ListStatus } from '@/components/lists/sortable-table';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { requestErrorText } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { pushQuery } from '@/lib/client/location';
import { useRowSelection } from '@/lib/client/selection';
import { itemColumns, pricingColumns } from './catalogue-columns';
import {
  CATALOGUE_DEFAULTS,
  CATALOGUE_FILTERS,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_PATHS,
  pagerOf,
  type CatalogueFilterName,
  type CatalogueKind,
  type ItemRow,
  type LaravelPage,
  type PricingRow,
} from './catalogue-types';
import { ItemViewModal } from './item-view-modal';
import { UploadDialog } from './upload-dialog';
import { OOPS_TITLE } from '@/lib/domain/failure-texts';

type Row = ItemRow | PricingRow;
type Answer = { status: 'success' | 'failure'; message: string };

export interface CatalogueScreenProps {
  kind: CatalogueKind;
  initialPage: LaravelPage<Row>;
  /** Vendor administrators upload; everyone who sees the list may export and download it. */
  canUpload: boolean;
}

/** Items (spec §2 item management) and pricing (§2 pricing): filters, ticked rows, export, e-mailed download, upload. */
export function CatalogueScreen({ kind, initialPage, canUpload }: CatalogueScreenProps) {
  const paths = CATALOGUE_PATHS[kind];
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [filters, setFilters] = useState<FilterValues<CatalogueFilterName>>(CATALOGUE_DEFAULTS[kind]);
  const [pageSize, setPageSize] = useState(initialPage.per_page || CATALOGUE_PAGE_SIZE);
  const [page, setPage] = useState(initialPage);
  const [status, setStatus] = useState<ListStatus>('ready');
  const [viewing, setViewing] = useState<ItemRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const pageIds = useMemo(() => page.data.map((r) => r.id), [page]);
  const selection = useRowSelection<number>(pageIds);

  const load = useCallback(
    async (values: FilterValues<CatalogueFilterName>, pageNo: number, size: number) => {
      setStatus('loading');
      try {
        const body = await api.get<Record<string, LaravelPage<Row>>>(paths.list, { ...values, page: pageNo, pageLimit: size });
        setPage(kind === 'items' ? body.items : body.pricings);
        setStatus('ready');
      } catch {
        setStatus('error'); // spec §8: list loads fail silently, leaving a retry
      }
    },
    [kind, paths.list],
  );

  const applyFilters = (values: FilterValues<CatalogueFilterName>) => {
    setFilters(values);
    pushQuery({ page: 1 });
    void load(values, 1, pageSize);
  };

  const oops = (text: string) => confirm({ title: OOPS_TITLE, text, confirmLabel: 'OK', cancelLabel: null, tone: 'danger' });
  /** A toolbar action whose failed request is shown in the Oops alert with the server's words. */
  const act = (action: () => Promise<void>) => () => void action().catch((error: unknown) => oops(requestErrorText(error)));

  async function exportSelected() {
    const blob = await api.blob(`${paths.actions}/export`, { method: 'POST', body: { [paths.exportField]: [...selection.selectedIds] } });
    saveBlob(blob, 'items_export.xlsx');
    selection.clear();
  }

  async function downloadByEmail() {
    const verdict = await api.get<{ success: boolean; message: string }>(`${paths.actions}/verify/download`);
    if (!verdict.success) return void (await oops(verdict.message));
    if (!(await confirm({ title: 'Download by e-mail', text: verdict.message }))) return;
    const answer = await api.post<{ message: string }>(`${paths.actions}/download`);
    snackbar.show(answer.message, 'success');
  }

  async function startUpload() {
    const verdict = await api.get<{ success: boolean | string | number; message: string }>(`${paths.actions}/verify/upload`);
    if (![true, 'true', 1, '1'].includes(verdict.success)) return void (await oops(verdict.message));
    setUploading(true);
  }

  /** A refusal says 'Oops'; a file the worker has read keeps its result in the dialog, and the list shows its rows. */
  const uploaded = (answer: Answer) => {
    if (answer.status === 'failure') return void oops(answer.message);
    void load(filters, page.current_page, pageSize);
  };

  const table =
    kind === 'items' ? (
      <SortableTable<ItemRow>
        columns={itemColumns(setViewing)}
        rows={page.data as ItemRow[]}
        getRowKey={(r) => r.id}
        rowLabel={(r) => `Select ${r.catalogueCode}`}
        selectedIds={selection.selectedIds}
        onToggle={(id) => selection.onToggle(Number(id))}
        onToggleAll={selection.onToggleAll}
        emptyMessage="No items match these filters."
        status={status}
        onRetry={() => void load(filters, page.current_page, pageSize)}
      />
    ) : (
      <SortableTable<PricingRow>
        columns={pricingColumns()}
        rows={page.data as PricingRow[]}
        getRowKey={(r) => r.id}
        rowLabel={(r) => `Select ${r.catalogueCode} from ${r.effectiveFrom}`}
        selectedIds={selection.selectedIds}
        onToggle={(id) => selection.onToggle(Number(id))}
        onToggleAll={selection.onToggleAll}
        emptyMessage="No prices match these filters."
        status={status}
        onRetry={() => void load(filters, page.current_page, pageSize)}
      />
    );

  return (
    <section className="catalogue">
      <header className="page__header">
        <h1 className="page__title">{kind === 'items' ? 'Items' : 'Pricing'}</h1>
      </header>
      <ListFrame
        filtersLabel={kind === 'items' ? 'Item filters' : 'Pricing filters'}
        filters={{
          fields: CATALOGUE_FILTERS,
          values: filters,
          lookups: {},
          onApply: applyFilters,
          onReset: () => applyFilters(CATALOGUE_DEFAULTS[kind]),
        }}
        actions={
          <>
            <button type="button" className="btn btn--sm" disabled={selection.selectedIds.size === 0} onClick={act(exportSelected)}>
              Export selected ({selection.selectedIds.size})
            </button>
            <button type="button" className="btn btn--sm btn--secondary" onClick={act(downloadByEmail)}>
              Download by e-mail
            </button>
            {canUpload ? (
              <button type="button" className="btn btn--sm btn--primary" onClick={act(startUpload)}>
                Upload
              </button>
            ) : null}
          </>
        }
        loading={status === 'loading'}
        pageSize={pageSize}
        onPageSizeChange={(size) => {
          setPageSize(size);
          pushQuery({ page: 1 });
          void load(filters, 1, size);
        }}
        pager={pagerOf(page)}
        onPageChange={(pageNo) => void load(filters, pageNo, pageSize)}
      >
        {table}
      </ListFrame>
      {kind === 'items' ? <ItemViewModal item={viewing} onClose={() => setViewing(null)} /> : null}
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        title={kind === 'items' ? 'Upload items' : 'Upload prices'}
        path={`${paths.actions}/upload`}
        templateHref={`/api${paths.actions}/upload-template`}
        onDone={uploaded}
      />
      {dialog}
    </section>
  );
}

import type { Column } from '@/components/lists/sortable-table';
import { formatDateDashes, formatMoney, labelForWfStatus } from '@/lib/format';
import type { InboxRow } from './tabs';

/**
 * Column builders shared by the inbox lists: dates as DD-MM-YYYY, money in rands, status labels. The
 * lists are sorted by the server over all their pages, so only columns with a `sortKey` (one of
 * INBOX_SORT_KEYS) are sortable.
 */

type DateField = 'docDate' | 'deliveryDate';
type MoneyField = 'xdocTotalIncl' | 'totValue';

export const textColumn = (
  id: string,
  header: string,
  value: (row: InboxRow) => string | null | undefined,
  className?: string,
): Column<InboxRow> => ({
  id,
  header,
  cell: (row) => value(row) ?? '',
  sortValue: (row) => value(row) ?? '',
  sortType: 'text',
  className,
});

/** Marks the document-number buttons, so focus can go back to the row a window was opened from. */
export const DOC_BUTTON_ATTR = 'data-doc-button';

/** The button of a document's row, in `within` (the list's panel) or the whole page. */
export function docButton(tinyMce: string, within: ParentNode = document): HTMLElement | null {
  return within.querySelector<HTMLElement>(`[${DOC_BUTTON_ATTR}="${CSS.escape(tinyMce)}"]`);
}

/**
 * The document number as a real button that opens the row's window: reachable with Tab, opened with
 * Enter or Space, and where focus returns when the window closes (the table's rows are then not focusable).
 */
export const docnoColumn = (header: string, onOpen: (row: InboxRow) => void): Column<InboxRow> => ({
  ...textColumn('docno', header, (row) => row.docno),
  cell: (row) => (
    <button type="button" className="link-button inbox-docno" {...{ [DOC_BUTTON_ATTR]: row.tinyMce }} onClick={() => onOpen(row)}>
      {row.docno}
    </button>
  ),
  label: header,
  sortKey: 'docno',
});

export const dateColumn = (field: DateField, header: string): Column<InboxRow> => ({
  id: field,
  header,
  cell: (row) => formatDateDashes(row[field]),
  sortValue: (row) => formatDateDashes(row[field]),
  sortType: 'date',
  sortKey: field,
});

export const moneyColumn = (field: MoneyField = 'xdocTotalIncl', header = 'Total'): Column<InboxRow> => ({
  id: field,
  header,
  cell: (row) => <span className="money">{formatMoney(row[field])}</span>,
  sortValue: (row) => (row[field] === null ? null : Number(row[field])),
  sortType: 'number',
  sortKey: field === 'xdocTotalIncl' ? 'xdocTotalIncl' : undefined,
  className: 'num',
});

/** The vendor a document belongs to (code and name), for a user linked to several vendors. */
export const vendorColumn = (): Column<InboxRow> => ({
  id: 'vendor',
  header: 'Vendor',
  cell: (row) => (
    <span data-vendor-code={row.vendorCode ?? undefined}>
      {row.vendorCode}
      {row.vendorName ? <span className="muted inbox-code"> {row.vendorName}</span> : null}
    </span>
  ),
  sortValue: (row) => row.vendorCode ?? '',
  sortType: 'text',
});

export const storeColumn = (): Column<InboxRow> => ({
  id: 'store',
  header: 'Store',
  cell: (row) => (
    <span data-store-code={row.storeCode ?? undefined}>
      {row.branchName ?? ''}
      {row.storeCode ? <span className="muted inbox-code"> {row.storeCode}</span> : null}
    </span>
  ),
  sortValue: (row) => row.branchName ?? '',
  sortType: 'text',
});

const STATUS_TONE: Record<string, string> = {
  confirmed: 'badge--success',
  responded: 'badge--success',
  rejected: 'badge--danger',
  mixed: 'badge--warning',
  outstanding: 'badge--warning',
};

export const statusColumn = (): Column<InboxRow> => ({
  id: 'status',
  header: 'Status',
  cell: (row) => (
    <span className={`badge ${STATUS_TONE[row.wfStatusCode?.toLowerCase() ?? ''] ?? ''}`.trim()}>{labelForWfStatus(row.wfStatusCode)}</span>
  ),
  sortValue: (row) => labelForWfStatus(row.wfStatusCode),
  sortType: 'text',
});

export const linesColumn = (): Column<InboxRow> => ({
  id: 'lineCount',
  header: 'Lines',
  cell: (row) => row.lineCount,
  sortValue: (row) => row.lineCount,
  sortType: 'number',
  className: 'num',
});

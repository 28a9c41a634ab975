import type { Column } from '@/components/lists/sortable-table';
import { formatDateDashes, formatMoney } from '@/lib/format';
import { documentStatusLabel } from '@/lib/vocabulary';
import type { InboxRow } from './tabs';

/**
 * Column builders shared by the inbox lists: dates as DD-MM-YYYY, money in rands, status labels. The
 * lists are sorted by the server over all their pages, so only columns with a `sortKey` (one of
 * INBOX_SORT_KEYS) are sortable.
 */

type DateField = 'docDate' | 'deliveryDate';
type MoneyField = 'xdocTotalIncl' | 'totValue';

/** The whole text of a cell cut to one line, for its title (hover) where the line ends in "…". */
const oneLineTitle = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/** A text column; `oneline` cuts it to one line with "…", whole in its title (names that would wrap a row). */
export const textColumn = (
  id: string,
  header: string,
  value: (row: InboxRow) => string | null | undefined,
  className?: string,
  oneline = false,
): Column<InboxRow> => ({
  id,
  header,
  cell: (row) =>
    oneline ? (
      <span className="inbox-oneline" title={oneLineTitle(value(row))}>
        {value(row)}
      </span>
    ) : (
      (value(row) ?? '')
    ),
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

/**
 * The vendor a document belongs to, for a user linked to several vendors: its code and as much of its
 * name as one line holds, the whole name in the title. A name wrapped over four lines made every row four
 * lines tall and left five orders on a laptop's screen (docs/architecture.md "The client side").
 */
export const vendorColumn = (): Column<InboxRow> => ({
  id: 'vendor',
  header: 'Vendor',
  cell: (row) => (
    <span
      className="inbox-oneline inbox-vendor"
      data-vendor-code={row.vendorCode ?? undefined}
      title={oneLineTitle(row.vendorCode, row.vendorName)}
    >
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
    <span
      className="inbox-oneline inbox-store"
      data-store-code={row.storeCode ?? undefined}
      title={oneLineTitle(row.branchName, row.storeCode)}
    >
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
    <span className={`badge ${STATUS_TONE[row.wfStatusCode?.toLowerCase() ?? ''] ?? ''}`.trim()}>
      {documentStatusLabel(row.wfStatusCode)}
    </span>
  ),
  sortValue: (row) => documentStatusLabel(row.wfStatusCode),
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

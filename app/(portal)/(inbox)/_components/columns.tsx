import type { Column } from '@/components/lists/sortable-table';
import { formatDateDashes, formatMoney, labelForWfStatus } from '@/lib/format';
import type { InboxRow } from './tabs';

/** Column builders shared by the inbox lists: dates as DD-MM-YYYY sorted as dates, money in rands, status labels. */

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

export const docnoColumn = (header = 'Document number'): Column<InboxRow> => ({
  ...textColumn('docno', header, (row) => row.docno),
  cell: (row) => <span className="inbox-docno">{row.docno}</span>,
});

export const dateColumn = (field: DateField, header: string): Column<InboxRow> => ({
  id: field,
  header,
  cell: (row) => formatDateDashes(row[field]),
  sortValue: (row) => formatDateDashes(row[field]),
  sortType: 'date',
});

export const moneyColumn = (field: MoneyField = 'xdocTotalIncl', header = 'Total'): Column<InboxRow> => ({
  id: field,
  header,
  cell: (row) => <span className="money">{formatMoney(row[field])}</span>,
  sortValue: (row) => (row[field] === null ? null : Number(row[field])),
  sortType: 'number',
  className: 'num',
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

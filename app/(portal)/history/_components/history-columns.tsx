import type { Column } from '@/components/lists/sortable-table';
import type { XdocListRow } from '@/lib/domain/documents/summary';
import { formatDateDashes, formatMoney } from '@/lib/format';
import { documentStatusLabel } from '@/lib/vocabulary';
import { typeLabel } from './history-url';
import { signedAmount } from '@/lib/domain/documents/signed-amount';

/** The history table's columns; those with a sortKey are sorted by the server over every page. */
export function historyColumns(onOpen: (row: XdocListRow) => void): Column<XdocListRow>[] {
  return [
    {
      id: 'docno',
      header: 'Document number',
      sortKey: 'docno',
      cell: (row) => (
        <button type="button" className="link-button" data-history-doc={row.tinyMce} onClick={() => onOpen(row)}>
          {row.docno}
        </button>
      ),
    },
    { id: 'xdocTypeCode', header: 'Type', sortKey: 'xdocTypeCode', cell: (row) => typeLabel(row) },
    { id: 'orderno', header: 'Order number', cell: (row) => row.orderno ?? '' },
    { id: 'docDate', header: 'Date', sortKey: 'docDate', className: 'nowrap', cell: (row) => formatDateDashes(row.docDate) },
    {
      id: 'deliveryDate',
      header: 'Delivery date',
      sortKey: 'deliveryDate',
      className: 'nowrap',
      cell: (row) => formatDateDashes(row.deliveryDate),
    },
    { id: 'wfStatusCode', header: 'Status', sortKey: 'wfStatusCode', cell: (row) => documentStatusLabel(row.wfStatusCode) },
    { id: 'branchName', header: 'Store', cell: (row) => row.branchName ?? '' },
    { id: 'custaccountName', header: 'Subsidiary', cell: (row) => row.custaccountName },
    { id: 'vendor', header: 'Vendor', cell: (row) => `${row.vendorCode} ${row.vendorName}` },
    {
      id: 'xdocTotalIncl',
      header: 'Total',
      sortKey: 'xdocTotalIncl',
      // A credit note's '- R 1,000.22' on one line, its sign beside its amount.
      className: 'num nowrap',
      cell: (row) => formatMoney(signedAmount(row, row.xdocTotalIncl)),
    },
  ];
}

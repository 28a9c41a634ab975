import type { ReactNode } from 'react';
import type { XdocLine } from '@/lib/domain/documents/queries';
import { formatMoney, fromCents, toCents } from '@/lib/format';

export type LinesKind = 'order' | 'deliverynote' | 'dispute' | 'remittance';

/** qty × amount in exact cents; '' when either is missing. */
export function lineTotal(line: { qty: string | null; amount: string | null }): string {
  if (line.amount === null || line.qty === null || line.qty === '') return '';
  return formatMoney(fromCents(Math.round((toCents(line.qty) * toCents(line.amount)) / 100)));
}

const qty = (value: string | null) => (value === null ? '' : String(Number(value)));
const isCancelled = (line: XdocLine) => line.orderDescr?.trim().toLowerCase() === 'cancelled';

function lineState(line: XdocLine) {
  if (isCancelled(line)) return <span className="badge">Cancelled</span>;
  if (line.response)
    return <span className={`badge ${/reject/i.test(line.response) ? 'badge--danger' : 'badge--success'}`}>{line.response}</span>;
  return null;
}

// A multi-branch (jab) order repeats a line number per delivery address, so both identify a row.
const lineKey = (line: XdocLine) => `${line.lineNumber}-${line.deliveryAddressCode ?? ''}`;

/** One column of a lines table: its header, which is also the line's label when it is a card. */
interface LineColumn<T> {
  header: string;
  cell: (line: T) => ReactNode;
  numeric?: boolean;
  /** The card's heading at phone width (what the line is); the other columns are labelled fields. */
  title?: boolean;
}

/**
 * The frame of every lines table: a caption for screen readers, one header row, and at phone width each
 * line a card of labelled values (the lists' `table--cards` pattern) instead of a table twice the screen's
 * width that scrolls sideways inside the window.
 */
function LinesTable<T>({
  caption,
  columns,
  lines,
  rowKey,
  rowClass,
}: {
  caption: string;
  columns: readonly LineColumn<T>[];
  lines: readonly T[];
  rowKey: (line: T) => string;
  rowClass?: (line: T) => string | undefined;
}) {
  const className = (column: LineColumn<T>) =>
    [column.numeric ? 'num' : '', column.title ? 'table__cell--card-title' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="table-wrap table-wrap--cards doc-lines">
      <table className="table table--cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={rowKey(line)} className={rowClass?.(line)}>
              {columns.map((column) => (
                <td key={column.header} className={className(column)} data-label={column.title ? undefined : column.header}>
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const REMITTANCE_COLUMNS: LineColumn<XdocLine>[] = [
  { header: 'Invoice', cell: (line) => line.catalogueCode, title: true },
  { header: 'Description', cell: (line) => line.descr },
  { header: 'Amount', cell: lineTotal, numeric: true },
];

/** The columns of an order, delivery note or dispute: priced unless a delivery note, the answer once there is one. */
function lineColumns(kind: LinesKind, showBranch: boolean, withState: boolean): LineColumn<XdocLine>[] {
  const priced = kind !== 'deliverynote';
  return [
    { header: 'Line', cell: (line) => line.lineNumber, numeric: true },
    { header: 'Item code', cell: (line) => line.catalogueCode },
    { header: 'Description', cell: (line) => line.descr, title: true },
    ...(showBranch ? [{ header: 'Branch', cell: (line: XdocLine) => line.branchName }] : []),
    { header: 'Qty', cell: (line) => qty(line.qty), numeric: true },
    ...(priced
      ? [
          { header: 'Unit price', cell: (line: XdocLine) => formatMoney(line.amount), numeric: true },
          {
            header: 'Tax %',
            cell: (line: XdocLine) => (line.taxPercent === null ? '' : `${Number(line.taxPercent)}%`),
            numeric: true,
          },
          { header: 'Line total', cell: lineTotal, numeric: true },
        ]
      : []),
    ...(withState ? [{ header: 'Status', cell: lineState }] : []),
  ];
}

/** The lines of a document as the modals show them; the columns depend on the kind of document. */
export function DocumentLines({ lines, kind, showBranch = false }: { lines: readonly XdocLine[]; kind: LinesKind; showBranch?: boolean }) {
  if (kind === 'remittance') {
    return <LinesTable caption="Invoices paid" columns={REMITTANCE_COLUMNS} lines={lines} rowKey={lineKey} />;
  }
  // An open order's lines have no answer yet; the column only appears once one has (or is cancelled).
  const withState = kind === 'order' && lines.some((line) => line.response || isCancelled(line));
  return (
    <LinesTable
      caption="Document lines"
      columns={lineColumns(kind, showBranch, withState)}
      lines={lines}
      rowKey={lineKey}
      rowClass={(line) => (isCancelled(line) ? 'doc-lines__cancelled' : undefined)}
    />
  );
}

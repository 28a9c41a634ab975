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

/** The frame of every lines table: scrolling wrapper, a caption for screen readers, one header row. */
function LinesTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="table-wrap doc-lines">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The lines of a document as the modals show them; the columns depend on the kind of document. */
export function DocumentLines({ lines, kind, showBranch = false }: { lines: readonly XdocLine[]; kind: LinesKind; showBranch?: boolean }) {
  if (kind === 'remittance') {
    return (
      <LinesTable
        caption="Invoices paid"
        head={
          <>
            <th scope="col">Invoice</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
          </>
        }
      >
        {lines.map((line) => (
          <tr key={lineKey(line)}>
            <td>{line.catalogueCode}</td>
            <td>{line.descr}</td>
            <td className="num">{lineTotal(line)}</td>
          </tr>
        ))}
      </LinesTable>
    );
  }
  const priced = kind !== 'deliverynote';
  // An open order's lines have no answer yet; the column only appears once one has (or is cancelled).
  const withState = kind === 'order' && lines.some((line) => line.response || isCancelled(line));
  return (
    <LinesTable
      caption="Document lines"
      head={
        <>
          <th scope="col" className="num">
            Line
          </th>
          <th scope="col">Item code</th>
          <th scope="col">Description</th>
          {showBranch ? <th scope="col">Branch</th> : null}
          <th scope="col" className="num">
            Qty
          </th>
          {priced ? (
            <>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Tax %
              </th>
              <th scope="col" className="num">
                Line total
              </th>
            </>
          ) : null}
          {withState ? <th scope="col">Status</th> : null}
        </>
      }
    >
      {lines.map((line) => (
        <tr key={lineKey(line)} className={isCancelled(line) ? 'doc-lines__cancelled' : undefined}>
          <td className="num">{line.lineNumber}</td>
          <td>{line.catalogueCode}</td>
          <td>{line.descr}</td>
          {showBranch ? <td>{line.branchName}</td> : null}
          <td className="num">{qty(line.qty)}</td>
          {priced ? (
            <>
              <td className="num">{formatMoney(line.amount)}</td>
              <td className="num">{line.taxPercent === null ? '' : `${Number(line.taxPercent)}%`}</td>
              <td className="num">{lineTotal(line)}</td>
            </>
          ) : null}
          {withState ? <td>{lineState(line)}</td> : null}
        </tr>
      ))}
    </LinesTable>
  );
}

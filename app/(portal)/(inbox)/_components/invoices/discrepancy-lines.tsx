'use client';

import { toCents } from '@/lib/format/money';
import { mismatchOf, type FormRow } from './invoice-form';
import { LeadCells, QuantityCell } from './form-fields';
import { PriceCells, type LinesProps } from './invoice-lines';

const differs = (row: FormRow) => row.received !== null && toCents(row.received) !== toCents(row.ordered);

/** What the goods receipt counted differently, said before the lines: the quantities below are what it counted. */
export function ReceivedNotice({ rows }: { rows: FormRow[] }) {
  const short = rows.filter(differs);
  return (
    <p className="alert alert--info discrepancy-notice" role="note">
      {short.length
        ? `The retailer’s goods receipt counted ${short.map((r) => `${r.received} of ${r.ordered} on line ${r.lineNumber}`).join(', ')}. `
        : 'The retailer’s goods receipt counted this order. '}
      The received quantities are filled in as the quantities to invoice; choose the reason for the discrepancy below.
    </p>
  );
}

/**
 * The lines of the discrepancy window (spec §2): ordered and received side by side, what was invoiced
 * already, this invoice's quantity (the received one to start with), amount and tax, and the difference
 * per line in words.
 */
export function DiscrepancyLines({ rows, ...editing }: LinesProps) {
  return (
    <div className="table-wrap doc-lines invoice-lines-wrap">
      <table className="table invoice-lines">
        <caption className="visually-hidden">Lines to invoice, with what was ordered and what was received</caption>
        <thead>
          <tr>
            <th>Line</th>
            <th>Item</th>
            <th className="num">Ordered</th>
            <th className="num">Received</th>
            <th className="num">Invoiced</th>
            <th>Quantity</th>
            <th>Amount</th>
            <th>Tax %</th>
            <th className="num">Total</th>
            <th>Difference</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mismatch = mismatchOf(row);
            return (
              <tr key={row.key} data-line={row.lineNumber}>
                <LeadCells row={row} withDelivered={false} />
                <td className="num" data-label="Received">
                  {row.received ?? '—'}
                </td>
                <td className="num" data-label="Invoiced">
                  {row.invoiced}
                </td>
                <QuantityCell what="Quantity" row={row} disabled={editing.disabled} onChange={editing.onChange} />
                <PriceCells row={row} {...editing} />
                <td data-label="Difference">
                  {mismatch ? (
                    <span className="badge badge--warning">{mismatch}</span>
                  ) : (
                    <span className="badge badge--success">As ordered</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

'use client';

import { Money } from '@/components/ui/money';
import { fromCents } from '@/lib/format';
import { clampTaxPercent, sanitizeAmount } from '@/lib/format/numbers';
import { lineValue, mismatchOf, type FormRow } from './invoice-form';
import { LeadCells, LineInput, QuantityCell } from './form-fields';
import { RAISE_WORDS, type RaiseWords } from './raise-words';

type Editing = {
  disabled: boolean;
  onChange: (key: string, change: Partial<FormRow>) => void;
  /** Spec §5: leaving an amount checks it against the order's. */
  onAmountDone: (row: FormRow) => void;
  /** What a refusal said of a line's field (the window's own check or the server's). */
  errorsOf?: (row: FormRow, field: 'qty' | 'amount' | 'taxPercent') => string[];
};
export type LinesProps = Editing & { rows: FormRow[] };

/** A line's amount and tax percent as typed, and its total incl. VAT (the invoice and discrepancy windows). */
export function PriceCells({ row, disabled, onChange, onAmountDone, errorsOf }: Editing & { row: FormRow }) {
  const { excl, tax } = lineValue(row);
  return (
    <>
      <td data-label="Amount">
        <LineInput
          what="Amount"
          row={row}
          value={row.amount}
          disabled={disabled}
          errors={errorsOf?.(row, 'amount')}
          onChange={(v) => onChange(row.key, { amount: sanitizeAmount(v) })}
          onBlur={() => onAmountDone(row)}
        />
      </td>
      <td data-label="Tax %">
        <LineInput
          what="Tax percent"
          row={row}
          value={row.taxPercent}
          readOnly={!row.taxPercentEditable}
          disabled={disabled}
          onChange={(v) => onChange(row.key, { taxPercent: clampTaxPercent(v) })}
        />
      </td>
      <td className="num" data-label="Total">
        <Money value={fromCents(excl + tax)} />
      </td>
    </>
  );
}

/**
 * The lines with the three-way match: ordered, delivered, invoiced, and this document's quantity and
 * amount; worded for a credit note (returned, credited, no deliveries) when `words` say so.
 */
export function InvoiceLines({ rows, words = RAISE_WORDS.invoice, ...editing }: LinesProps & { words?: RaiseWords }) {
  return (
    <div className="table-wrap doc-lines invoice-lines-wrap">
      <table className="table invoice-lines">
        <caption className="visually-hidden">Lines to {words.verb}</caption>
        <thead>
          <tr>
            <th>Line</th>
            <th>Item</th>
            <th className="num">{words.ordered}</th>
            {words.showsDelivered ? <th className="num">Delivered</th> : null}
            <th className="num">{words.taken}</th>
            <th>Quantity</th>
            <th>Amount</th>
            <th>Tax %</th>
            <th className="num">Total</th>
            <th>Match</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mismatch = mismatchOf(row, words);
            return (
              <tr key={row.key} data-line={row.lineNumber}>
                <LeadCells row={row} withDelivered={words.showsDelivered} orderedLabel={words.ordered} />
                <td className="num" data-label={words.taken}>
                  {row.invoiced}
                </td>
                <QuantityCell what="Quantity" row={row} disabled={editing.disabled} onChange={editing.onChange} />
                <PriceCells row={row} {...editing} />
                <td data-label="Match">
                  {mismatch ? <span className="badge badge--warning">{mismatch}</span> : <span className="badge badge--success">OK</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

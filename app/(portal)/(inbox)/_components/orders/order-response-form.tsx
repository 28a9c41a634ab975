'use client';

import type { XdocLine } from '@/lib/domain/documents/queries';
import { CONFIRMED_LINE, type FormErrors, type HeaderChoice, type LineAnswer, type ResponseForm } from './response-form';
import { RejectionInputs } from './rejection-inputs';

export interface OrderResponseFormProps {
  form: ResponseForm;
  errors: FormErrors | null;
  onChange: (form: ResponseForm) => void;
  /** The lines a line-level answer covers (answerableLines). */
  lines: readonly XdocLine[];
  /** False for one-line orders: line-level response is not offered (spec §4). */
  perLineAllowed: boolean;
  reasons: readonly string[];
  disabled?: boolean;
}

const CHOICES: { value: HeaderChoice; label: string }[] = [
  { value: 'confirmed', label: 'Confirm order' },
  { value: 'rejected', label: 'Reject order' },
  { value: 'detailResponse', label: 'Respond per line' },
];

/** How the supplier answers an order: confirm, reject with reason and reference, or per line. */
export function OrderResponseForm({ form, errors, onChange, lines, perLineAllowed, reasons, disabled }: OrderResponseFormProps) {
  const choices = perLineAllowed ? CHOICES : CHOICES.filter((c) => c.value !== 'detailResponse');
  const setLine = (lineNumber: number, answer: LineAnswer) => onChange({ ...form, lines: { ...form.lines, [lineNumber]: answer } });

  return (
    <section className="order-response" aria-labelledby="order-response-title">
      <h3 id="order-response-title" className="order-response__title">
        Your response
      </h3>
      <fieldset className="order-response__choices" disabled={disabled}>
        <legend className="visually-hidden">Response</legend>
        {choices.map((choice) => (
          <label key={choice.value} className={`choice choice--${choice.value}`}>
            <input
              type="radio"
              name="order-response"
              value={choice.value}
              checked={form.response === choice.value}
              onChange={() => onChange({ ...form, response: choice.value })}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {errors?.response ? <p className="field__error">{errors.response}</p> : null}

      {form.response === 'rejected' ? (
        <div className="order-response__reject">
          <RejectionInputs
            idPrefix="order-reject"
            value={form}
            errors={errors?.header}
            reasons={reasons}
            disabled={disabled}
            onChange={(v) => onChange({ ...form, ...v })}
          />
        </div>
      ) : null}

      {form.response === 'detailResponse' ? (
        // At phone width each line is a card, as in the invoice window (inbox.css, .invoice-lines).
        <div className="table-wrap order-response__lines invoice-lines-wrap">
          <table className="table invoice-lines">
            <caption className="visually-hidden">Response per line</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Line
                </th>
                <th scope="col">Item</th>
                <th scope="col">Response</th>
                <th scope="col">Reason</th>
                <th scope="col">Supplier reference</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const answer = form.lines[line.lineNumber] ?? CONFIRMED_LINE;
                const rejected = answer.response === 'rejected';
                const name = `line ${line.lineNumber}`;
                return (
                  <tr key={line.lineNumber} className={rejected ? 'is-rejected' : undefined}>
                    <td className="num" data-label="Line">
                      {line.lineNumber}
                    </td>
                    <td className="invoice-lines__item">
                      {line.catalogueCode}
                      <span className="muted order-response__descr">{line.descr}</span>
                    </td>
                    <td data-label="Response">
                      <select
                        className="select"
                        aria-label={`Response for ${name}`}
                        value={answer.response}
                        disabled={disabled}
                        onChange={(e) => setLine(line.lineNumber, { ...answer, response: e.target.value as LineAnswer['response'] })}
                      >
                        <option value="confirmed">Confirmed</option>
                        <option value="rejected">Rejected</option>
                      </select>
                    </td>
                    {rejected ? (
                      <RejectionInputs
                        idPrefix={`line-${line.lineNumber}`}
                        compact={name}
                        value={answer}
                        errors={errors?.lines?.[line.lineNumber]}
                        reasons={reasons}
                        disabled={disabled}
                        onChange={(v) => setLine(line.lineNumber, { ...answer, ...v })}
                      />
                    ) : (
                      <>
                        <td />
                        <td />
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

'use client';

import type { ReactNode } from 'react';
import type { RejectionErrors, RejectionFields } from './response-form';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Reason select and supplier-reference input of a rejection, with their messages. */
export function RejectionInputs({
  idPrefix,
  value,
  errors,
  reasons,
  onChange,
  compact,
  disabled,
}: {
  idPrefix: string;
  value: RejectionFields;
  errors?: RejectionErrors;
  reasons: readonly string[];
  onChange: (value: RejectionFields) => void;
  compact?: string;
  disabled?: boolean;
}) {
  const suffix = compact ? ` for ${compact}` : '';
  // In the per-line table each field is a cell of the line's row, labelled for its card at phone width.
  const cell = (label: string, node: ReactNode) => (compact ? <td data-label={label}>{node}</td> : node);
  return (
    <>
      {cell(
        'Reason',
        <div className="field">
          <label htmlFor={`${idPrefix}-reason`} className={compact ? 'visually-hidden' : 'field__label'}>{`Reason${suffix}`}</label>
          <select
            id={`${idPrefix}-reason`}
            className="select"
            value={value.reason}
            disabled={disabled}
            aria-invalid={errors?.reason ? true : undefined}
            aria-describedby={errors?.reason ? `${idPrefix}-reason-error` : undefined}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
          >
            <option value="">Select a reason</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {capitalise(r)}
              </option>
            ))}
          </select>
          {errors?.reason ? (
            <p id={`${idPrefix}-reason-error`} className="field__error">
              {errors.reason}
            </p>
          ) : null}
        </div>,
      )}
      {cell(
        'Supplier reference',
        <div className="field">
          <label
            htmlFor={`${idPrefix}-ref`}
            className={compact ? 'visually-hidden' : 'field__label'}
          >{`Supplier reference${suffix}`}</label>
          <input
            id={`${idPrefix}-ref`}
            className="input"
            value={value.supplierRef}
            maxLength={50}
            disabled={disabled}
            placeholder={compact ? 'Supplier reference' : undefined}
            aria-invalid={errors?.supplierRef ? true : undefined}
            aria-describedby={errors?.supplierRef ? `${idPrefix}-ref-error` : undefined}
            onChange={(e) => onChange({ ...value, supplierRef: e.target.value })}
          />
          {errors?.supplierRef ? (
            <p id={`${idPrefix}-ref-error`} className="field__error">
              {errors.supplierRef}
            </p>
          ) : null}
        </div>,
      )}
    </>
  );
}

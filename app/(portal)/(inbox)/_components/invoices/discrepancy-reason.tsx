'use client';

import { DISCREPANCY_REASON_CODES, DISCREPANCY_REASONS, type DiscrepancyReason } from '@/lib/vocabulary';
import { FieldError } from './form-fields';

/**
 * The discrepancy reason of spec §3 (A quantity, B price, C both), chosen in words: required to submit
 * the invoice of an order the retailer's goods receipt counted differently. The lines' suggestion is a
 * hint only; the supplier chooses.
 */
export function DiscrepancyReasonField(props: {
  value: DiscrepancyReason | '';
  suggested: DiscrepancyReason | null;
  disabled: boolean;
  errors: string[];
  onChange: (reason: DiscrepancyReason) => void;
}) {
  const { value, suggested, disabled, errors, onChange } = props;
  return (
    <fieldset
      className="fieldset discrepancy-reason"
      disabled={disabled}
      aria-describedby={errors.length ? 'discrepancy-reason-error' : undefined}
    >
      <legend className="field__label">Reason for the discrepancy</legend>
      <div className="discrepancy-reason__choices">
        {DISCREPANCY_REASON_CODES.map((code) => (
          <label key={code} className="choice">
            <input type="radio" name="discrepancy-reason" value={code} checked={value === code} onChange={() => onChange(code)} />
            {DISCREPANCY_REASONS[code]}
          </label>
        ))}
      </div>
      {suggested ? <p className="field__hint">The lines as they stand suggest: {DISCREPANCY_REASONS[suggested]}.</p> : null}
      <FieldError id="discrepancy-reason" messages={errors} />
    </fieldset>
  );
}

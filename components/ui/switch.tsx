'use client';

import { useId } from 'react';
import './switch.css';

export interface SwitchProps {
  label: string;
  /** What turning it on or off does, read with the label (aria-describedby). */
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off setting: a native checkbox in the WAI-ARIA switch role (Space toggles it, as any checkbox), its
 * label beside it and its description under the label. It is never disabled, so a keyboard user's focus stays on it.
 */
export function Switch({ label, description, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="switch-field__text">
        <label htmlFor={id} className="switch-field__label">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="switch-field__description muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

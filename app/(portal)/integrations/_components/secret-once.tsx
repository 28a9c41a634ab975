'use client';

import { useId, useState } from 'react';

/**
 * A secret shown once (an API key, a webhook signing secret): the value to select, a Copy button, and a live
 * line that says whether the copy worked. Nothing keeps the value: once the dialog holding it closes, it is gone.
 */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Clipboard refused (no permission, or not a secure page): the value can still be selected by hand.
      setCopied('no');
    }
  }

  return (
    <div className="secret-once">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="secret-once__row">
        <input id={id} className="input secret-once__value" readOnly value={value} spellCheck={false} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn--secondary" onClick={() => void copy()} aria-describedby={`${id}-copied`}>
          Copy<span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <p id={`${id}-copied`} className="field__hint" role="status" aria-live="polite">
        {copied === 'yes' ? `${label} copied.` : copied === 'no' ? 'Could not copy: select the text and copy it by hand.' : ''}
      </p>
    </div>
  );
}

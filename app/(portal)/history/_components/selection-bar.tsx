'use client';

import { useId, useState, type FormEvent } from 'react';
import { SubsidiaryLookup } from '@/components/lookups/lookups';
import { api, ApiRequestError } from '@/lib/client/api';
import { lookupLabel } from '@/lib/domain/lookups/label';
import type { HistorySelection, SelectedVendor } from '@/lib/domain/history/selections';

export type SubsidiaryOption = { id: number; code: string; name: string };

interface SelectionBarProps {
  subsidiaries: readonly SubsidiaryOption[];
  subsidiaryId: string;
  vendors: readonly SelectedVendor[];
  /** A message for the subsidiary field ('Please select subsidiary'). */
  subsidiaryError?: string;
  onChange: (selection: { subsidiaryId: string; vendors: readonly SelectedVendor[] }) => void;
  /** The user has not chosen to show or hide the filters: hidden on small screens by CSS (useFiltersToggle). */
  autoCollapse?: boolean;
}

/**
 * The subsidiary and the selected-vendor list, both held on the server (spec §6, §7): every change is
 * sent at once (updateSubsidiary, addVendor, clearVendors) and the answer is what the screen shows.
 */
export function SelectionBar({ subsidiaries, subsidiaryId, vendors, subsidiaryError, onChange, autoCollapse }: SelectionBarProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [suggestions, setSuggestions] = useState<SelectedVendor[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  // The subsidiary box searches the server; the first 100 (spec §9) name the held one when it is among them.
  const held = subsidiaries.find((s) => String(s.id) === subsidiaryId);
  const chosenSubsidiary = held ? { value: String(held.id), label: lookupLabel(held) } : null;

  async function chooseSubsidiary(value: string) {
    onChange({ subsidiaryId: value, vendors });
    await api.get<HistorySelection>('/history/updateSubsidiary', { id: value || undefined }).catch(() => undefined);
  }

  async function suggest(text: string) {
    setCode(text);
    if (text.trim().length < 2) return setSuggestions([]);
    const found = await api.get<SelectedVendor[]>('/vendors', { limit: 20, searchCode: text.trim() }).catch(() => []);
    setSuggestions(found);
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    try {
      const selection = await api.get<HistorySelection>('/history/addVendor', { code: code.trim() });
      setMessage(null);
      setCode('');
      onChange({ subsidiaryId, vendors: selection.data });
    } catch (error) {
      setMessage(error instanceof ApiRequestError ? error.message : 'The vendor could not be added.');
    }
  }

  async function clear() {
    const selection = await api.get<HistorySelection>('/history/clearVendors').catch(() => null);
    if (selection) onChange({ subsidiaryId, vendors: selection.data });
  }

  return (
    <form
      className={`filters history-selection ${autoCollapse ? 'filters--auto' : ''}`.trim()}
      aria-label="Subsidiary and vendors"
      onSubmit={add}
      noValidate
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sub`}>
          Subsidiary
        </label>
        <SubsidiaryLookup
          id={`${id}-sub`}
          value={subsidiaryId}
          chosen={chosenSubsidiary}
          onChange={(option) => void chooseSubsidiary(option?.value ?? '')}
          invalid={Boolean(subsidiaryError)}
          describedBy={subsidiaryError ? `${id}-sub-error` : undefined}
        />
        {subsidiaryError ? (
          <p id={`${id}-sub-error`} className="field__error" role="alert">
            {subsidiaryError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-vendor`}>
          Vendor code
        </label>
        <input
          id={`${id}-vendor`}
          className="input"
          value={code}
          list={`${id}-vendors`}
          autoComplete="off"
          onChange={(e) => void suggest(e.target.value)}
        />
        <datalist id={`${id}-vendors`}>
          {suggestions.map((v) => (
            <option key={v.id} value={v.code}>
              {v.name}
            </option>
          ))}
        </datalist>
        {message ? (
          <p className="field__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <div className="filters__actions">
        <button type="submit" className="btn">
          Add vendor
        </button>
        <button type="button" className="btn" onClick={() => void clear()} disabled={vendors.length === 0}>
          Clear vendors
        </button>
      </div>
      {vendors.length ? (
        <ul className="history-selection__vendors" aria-label="Selected vendors">
          {vendors.map((v) => (
            <li key={v.code} className="badge">
              {v.code} {v.name}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

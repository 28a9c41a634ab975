'use client';

import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import type { Option } from '@/components/lists/filter-panel';
import { api } from '@/lib/client/api';
import './lookup-combobox.css';
import { LOOKUP_LIMIT, LOOKUP_SOURCES, toLookupOption, type LookupKind } from './sources';

/** Waits this long after the last key before asking the server, so a word typed fast is one request. */
export const LOOKUP_DEBOUNCE_MS = 200;

export interface LookupComboboxProps {
  /** Which look-up it asks (docs/api.md, look-ups). */
  kind: LookupKind;
  id: string;
  name?: string;
  /** The chosen value ('' for none). */
  value: string;
  /** What the chosen value reads as, when the box has not looked it up itself (a value from the address). */
  chosen?: Option | null;
  onChange: (option: Option | null) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Set by a label outside the component (`<label htmlFor={id}>`), else the box names itself with this. */
  ariaLabel?: string;
  /** For adding to a list (LookupChips): a pick empties the box for the next, and leaving the box picks nothing. */
  addsToList?: boolean;
  /** Values not offered (those already in the list). */
  excludes?: readonly string[];
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * A type-ahead look-up box (docs/architecture.md, look-ups): a WAI-ARIA combobox from downshift that asks
 * the server as the user types (debounced, 20 rows, later answers win over earlier ones), picks with the
 * arrows and Enter, closes with Escape, shows the choice as code and name, and clears with its × button
 * or by emptying the text.
 */
export function LookupCombobox({
  kind,
  id,
  name,
  value,
  chosen,
  onChange,
  placeholder,
  invalid,
  describedBy,
  ariaLabel,
  addsToList,
  excludes,
}: LookupComboboxProps) {
  const source = LOOKUP_SOURCES[kind];
  const [items, setItems] = useState<Option[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [picked, setPicked] = useState<Option | null>(null);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selectedItem = !value ? null : picked?.value === value ? picked : chosen?.value === value ? chosen : { value, label: value };

  async function search(text: string) {
    const request = ++asked.current;
    setStatus('loading');
    const searchCode = text.trim();
    try {
      const body = await api.get<unknown>(source.path, {
        limit: searchCode ? LOOKUP_LIMIT : source.initialLimit,
        searchCode: searchCode || undefined,
      });
      // An answer to an earlier text than the one now in the box is dropped.
      if (request !== asked.current) return;
      const options = source.rows(body).map((row) => toLookupOption(source, row));
      setItems(excludes?.length ? options.filter((o) => !excludes.includes(o.value)) : options);
      setStatus('ready');
    } catch {
      if (request === asked.current) setStatus('failed');
    }
  }

  function searchSoon(text: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(text), LOOKUP_DEBOUNCE_MS);
  }

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, selectItem } = useCombobox<Option>({
    id: `${id}-combobox`,
    inputId: id,
    items,
    selectedItem,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    // The list's box stays empty (its value is always ''), so each pick is a change the parent adds.
    stateReducer: (state, { type, changes }) => {
      if (!addsToList) return changes;
      if (type === useCombobox.stateChangeTypes.InputBlur) return { ...changes, selectedItem: state.selectedItem, inputValue: '' };
      return changes.selectedItem ? { ...changes, inputValue: '' } : changes;
    },
    onSelectedItemChange: ({ selectedItem: item }) => {
      setPicked(item ?? null);
      onChange(item ?? null);
    },
    onInputValueChange: ({ inputValue, type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      if (!inputValue && value) onChange(null);
      searchSoon(inputValue ?? '');
    },
    onIsOpenChange: ({ isOpen: open, inputValue, type }) => {
      // Opened by a click or the arrow keys (typing asks by itself): the first rows, or those matching the text.
      if (open && type !== useCombobox.stateChangeTypes.InputChange)
        void search(inputValue === selectedItem?.label ? '' : (inputValue ?? ''));
    },
  });

  const message =
    status === 'loading' ? 'Searching…' : status === 'failed' ? 'The list could not be loaded.' : items.length ? null : 'No matches';

  return (
    <div className="lookup">
      <div className="lookup__box">
        <input
          className="input lookup__input"
          {...getInputProps({
            name,
            placeholder: placeholder ?? 'All',
            'aria-invalid': invalid || undefined,
            'aria-describedby': describedBy,
            ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
          })}
          // The input's own id, so an outside <label htmlFor> names it.
          id={id}
          aria-labelledby={undefined}
        />
        {value ? (
          <button type="button" className="lookup__clear" aria-label="Clear" onClick={() => selectItem(null)}>
            ×
          </button>
        ) : null}
      </div>
      <ul
        className={`lookup__menu ${isOpen ? 'lookup__menu--open' : ''}`.trim()}
        {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': 'Suggestions' })}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.value}
                className={`lookup__option ${highlightedIndex === index ? 'lookup__option--active' : ''}`.trim()}
                {...getItemProps({ item, index })}
              >
                {item.label}
              </li>
            ))
          : null}
      </ul>
      {isOpen && message ? (
        <p className="lookup__status" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}

'use client';

import { useId, useState, type FormEvent } from 'react';
import { api } from '@/lib/client/api';
import type { FoundDocument } from '@/lib/domain/history/find-document';
import { typeLabel } from './history-url';

const MATCHED_ON: Record<string, string> = {
  docno: 'document number',
  orderno: 'order number',
  invoiceNumber: 'invoice number',
  deliverynoteNumber: 'delivery note number',
  supplierRef: 'supplier reference',
};

/** Beyond the spec: one box that finds a document by any of its numbers and opens it (GET /history/find). */
export function FindBox({ onOpen }: { onOpen: (tinyMce: string) => void }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<FoundDocument[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(event: FormEvent) {
    event.preventDefault();
    if (!number.trim()) return;
    setBusy(true);
    const body = await api.get<{ xdocs: FoundDocument[] }>('/history/find', { number: number.trim() }).catch(() => ({ xdocs: [] }));
    setBusy(false);
    setFound(body.xdocs);
    if (body.xdocs.length === 1) onOpen(body.xdocs[0].tinyMce);
  }

  return (
    <form className="find-box" role="search" onSubmit={find}>
      <label htmlFor={id} className="field__label">
        Find a document by any of its numbers
      </label>
      <div className="find-box__row">
        <input
          id={id}
          className="input"
          type="search"
          placeholder="Document, order, invoice, delivery note number or supplier reference"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Find
        </button>
      </div>
      {found && found.length === 0 ? <p className="muted">No document carries that number.</p> : null}
      {found && found.length > 1 ? (
        <ul className="find-box__results" aria-label="Documents found">
          {found.map((doc) => (
            <li key={doc.id}>
              <button type="button" className="link-button" onClick={() => onOpen(doc.tinyMce)}>
                {typeLabel(doc)} {doc.docno}
              </button>{' '}
              <span className="muted">(by its {MATCHED_ON[doc.matchedOn] ?? doc.matchedOn})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

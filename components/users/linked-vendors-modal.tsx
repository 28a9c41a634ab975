'use client';

import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { api } from '@/lib/client/api';
import type { listUserVendors } from '@/lib/domain/users/queries';

/** GET /users/{id}/vendors/linked's page, as its domain function types it. */
type VendorPage = Awaited<ReturnType<typeof listUserVendors>>;

export interface LinkedVendorsModalProps {
  user: { id: number; name: string };
  onClose: () => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  returnFocus?: () => HTMLElement | null;
}

/** Typing waits this long before asking the server, so a code typed in one go is one request. */
const TYPING_PAUSE_MS = 300;

/**
 * The vendors modal of the users screen (spec §2): the vendors one user is linked to, read from
 * GET /users/{id}/vendors/linked, filtered by code and name and paged by the server.
 */
export function LinkedVendorsModal({ user, onClose, returnFocus }: LinkedVendorsModalProps) {
  const [filter, setFilter] = useState({ code: '', name: '' });
  const [asked, setAsked] = useState({ code: '', name: '', page: 1 });
  const [page, setPage] = useState<VendorPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(
      () => setAsked((a) => (a.code === filter.code && a.name === filter.name ? a : { ...filter, page: 1 })),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [filter]);

  useEffect(() => {
    let current = true;
    api
      .get<VendorPage>(`/users/${user.id}/vendors/linked`, {
        page: asked.page,
        code: asked.code || undefined,
        name: asked.name || undefined,
      })
      .then((answer) => current && (setPage(answer), setFailed(false)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [user.id, asked]);

  const turn = (by: number) => setAsked((a) => ({ ...a, page: a.page + by }));

  const field = (key: 'code' | 'name', label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" type="search" value={filter[key]} onChange={(e) => setFilter({ ...filter, [key]: e.target.value })} />
    </label>
  );

  return (
    <Modal
      open
      size="lg"
      returnFocus={returnFocus}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Vendors of ${user.name}`}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="filters" role="search" aria-label="Vendor filters">
        {field('code', 'Code')}
        {field('name', 'Name')}
      </div>
      {failed ? (
        <p className="field__error" role="alert">
          The vendors could not be loaded.
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <caption className="muted">{page ? `${page.total} linked vendors` : 'Loading…'}</caption>
          <thead>
            <tr>
              <th>Code</th>
              <th>Name</th>
              <th>Access</th>
            </tr>
          </thead>
          <tbody>
            {page && !page.data.length ? (
              <tr className="table__empty">
                <td colSpan={3}>No linked vendors.</td>
              </tr>
            ) : null}
            {page?.data.map((v) => (
              <tr key={v.id}>
                <td>{v.code}</td>
                <td>{v.name}</td>
                <td>{v.write ? 'read and write' : 'read only'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page && page.last_page > 1 ? (
        // Buttons, not the list pager: its links would write the modal's page into the users list's address.
        <nav className="toolbar" aria-label="Vendor pages">
          <button type="button" className="btn btn--sm" disabled={page.current_page <= 1} onClick={() => turn(-1)}>
            Previous
          </button>
          <span className="muted">{`Page ${page.current_page} of ${page.last_page}`}</span>
          <button type="button" className="btn btn--sm" disabled={page.current_page >= page.last_page} onClick={() => turn(1)}>
            Next
          </button>
        </nav>
      ) : null}
    </Modal>
  );
}

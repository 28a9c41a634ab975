'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api, ApiRequestError, readXsrfCookie } from '@/lib/client/api';
import { Modal } from '../ui/modal';
import { isActiveLink, navLinksForRole, type NavLink } from './nav-links';
import { useSnackbar } from '../ui/snackbar';

export { navLinksForRole } from './nav-links';
export type { NavLink } from './nav-links';

export interface NavbarUser {
  id: number | string;
  name: string;
  email: string;
  role: { id: number; code: string };
}

export interface NavbarProps {
  user: NavbarUser;
  /** Replaces the links derived from the role. */
  links?: NavLink[];
  /** The anti-forgery token for the sign-out form (server: `await xsrfToken()` from lib/auth/server). */
  xsrfToken?: string;
}

export const EMPTY_NAME_MESSAGE = 'You need to write something!';

export const NAV_MENU_ID = 'navbar-menu';

/**
 * The portal's top bar: the screens the role may use, the user's name (click to change it) and
 * sign-out. On small screens the links and account collapse behind a Menu button.
 */
export function Navbar({ user, links, xsrfToken }: NavbarProps) {
  const pathname = usePathname();
  const items = links ?? navLinksForRole(user.role.code);
  const [name, setName] = useState(user.name);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [menu, setMenu] = useState({ open: false, at: pathname });
  // A followed link closes the menu (the navbar stays mounted across navigations).
  if (menu.at !== pathname) setMenu({ open: false, at: pathname });

  return (
    <header className="navbar">
      <Link href="/" className="navbar__brand">
        Trade Portal
      </Link>
      <button
        type="button"
        className="btn btn--sm navbar__menu-toggle"
        aria-expanded={menu.open}
        aria-controls={NAV_MENU_ID}
        onClick={() => setMenu((m) => ({ ...m, open: !m.open }))}
      >
        <span className="navbar__menu-icon" aria-hidden="true" />
        Menu
      </button>
      <div id={NAV_MENU_ID} className={`navbar__menu ${menu.open ? 'is-open' : ''}`.trim()}>
        <nav className="navbar__nav" aria-label="Main">
          <ul className="navbar__links">
            {items.map((item) => {
              const active = isActiveLink(item.href, pathname, items);
              return (
                <li key={item.href}>
                  <Link href={item.href} className="navbar__link" aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="navbar__account">
          <button
            type="button"
            className="navbar__user"
            title={`${user.email} – update username`}
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
          >
            <span className="navbar__user-name">{name}</span>
            <span className="navbar__user-edit" aria-hidden="true">
              ✎
            </span>
          </button>
          {/* A plain form so signing out works before hydration and without JavaScript; the route
              checks `_token`, which the cookie fills in when the server did not pass it. */}
          <form
            method="post"
            action="/logout"
            className="navbar__signout"
            onSubmit={(e) => {
              const field = e.currentTarget.elements.namedItem('_token') as HTMLInputElement;
              if (!field.value) field.value = readXsrfCookie() ?? '';
            }}
          >
            <input type="hidden" name="_token" defaultValue={xsrfToken ?? ''} />
            <button type="submit" className="btn btn--ghost btn--sm">
              Sign out
            </button>
          </form>
        </div>
      </div>
      {dialogOpen ? (
        <UsernameDialog
          userId={user.id}
          currentName={name}
          onClose={() => setDialogOpen(false)}
          onSaved={(saved) => {
            setName(saved);
            setDialogOpen(false);
          }}
        />
      ) : null}
    </header>
  );
}

interface UsernameDialogProps {
  userId: number | string;
  currentName: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}

function UsernameDialog({ userId, currentName, onClose, onSaved }: UsernameDialogProps) {
  const { show } = useSnackbar();
  const [value, setValue] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = value.trim();
    if (!name) {
      setError(EMPTY_NAME_MESSAGE);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await api.put(`/users/${userId}`, { id: userId, name });
      show('Username updated', 'success');
      onSaved(name);
    } catch (e) {
      setError(e instanceof ApiRequestError ? (e.firstError('name') ?? e.message) : 'Username was not updated');
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      size="sm"
      title="Update username"
      onOpenChange={(open) => (open ? undefined : onClose())}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="username-form" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id="username-form" className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="username-input" className="field__label">
            Username
          </label>
          <input
            id="username-input"
            className="input"
            value={value}
            autoComplete="name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'username-error' : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          {error ? (
            <p id="username-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { LookupCombobox } from '@/components/lookups/lookup-combobox';
import { Modal } from '@/components/ui/modal';
import { api, ApiRequestError } from '@/lib/client/api';
import { bodyOf, formErrors, formOf, setGrant, type UserFormState } from './user-form';
import { roleLabel } from '@/lib/vocabulary';
import { isCustomerRole, isVendorRole, type Role, type UserRow, type WritableSubsidiaries } from './types';

export interface UserModalProps {
  user: UserRow | null;
  roles: Role[];
  writable: WritableSubsidiaries;
  onClose: () => void;
  /** After a save: the server's message, the user's id, and whether it goes on to the linking step. */
  onSaved: (message: string, id: number, linkNext: boolean) => void;
  onOops: (message: string) => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  returnFocus?: () => HTMLElement | null;
}

/** Invite (user null) or edit a user: name, e-mail, role and per-subsidiary read/write (spec §5). */
export function UserModal({ user, roles, writable, onClose, onSaved, onOops, returnFocus }: UserModalProps) {
  const [form, setForm] = useState<UserFormState>(() => formOf(user));
  // Each subsidiary is named by the user's own grants or by the look-up it was picked in: nothing loads them all.
  const [names, setNames] = useState<Record<number, string>>(() =>
    Object.fromEntries((user?.customers ?? []).map((c) => [c.customer_id, c.name])),
  );
  const mayWrite = (id: number) => writable === 'all' || writable.includes(id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const roleCode = roles.find((r) => r.id === form.role_id)?.code ?? '';
  const withSubsidiaries = isCustomerRole(roleCode);
  // The subsidiaries the user is given (or was, in this form); more are added with the look-up (docs/architecture.md, look-ups).
  const granted = Object.keys(form.grants).map(Number);
  // Spec §6: a supplier role leads on to vendor linking, for a new user and for one edited into that role.
  const linkNext = isVendorRole(roleCode) && !(user && isVendorRole(user.role.code));

  async function save() {
    const local = formErrors(form, withSubsidiaries);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const body = bodyOf(form, withSubsidiaries);
      type Saved = { message: string; user: { id: number } };
      const result = user ? await api.put<Saved>(`/users/${user.id}`, body) : await api.post<Saved>('/users', body);
      onSaved(result.message, result.user.id, linkNext);
    } catch (e) {
      if (e instanceof ApiRequestError && e.errors && Object.keys(e.errors).length)
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      else onOops(e instanceof Error ? e.message : 'The user could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'name' | 'email', label: string, type: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        // The dialog opens on its first field (not on its close button), ready to type into.
        autoFocus={name === 'name'}
        type={type}
        value={form[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `user-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] ? (
        <span className="field__error" id={`user-${name}-error`} role="alert">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );

  return (
    <Modal
      open
      returnFocus={returnFocus}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={user ? `Edit ${user.name}` : 'Invite user'}
      onSubmit={() => void save()}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {linkNext ? 'Save and Link User' : 'Save'}
          </button>
        </>
      }
    >
      <div className="form-stack">
        {field('name', 'Name', 'text')}
        {field('email', 'E-mail', 'email')}
        <label className="field">
          <span className="field__label">Role</span>
          <select className="select" value={form.role_id} onChange={(e) => setForm({ ...form, role_id: Number(e.target.value) })}>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {roleLabel(r.code)}
              </option>
            ))}
          </select>
          {errors.role_id ? <span className="field__error">{errors.role_id}</span> : null}
        </label>
        {withSubsidiaries ? (
          <fieldset className="fieldset">
            <legend className="field__label">Subsidiaries</legend>
            {granted.map((id) => {
              const grant = form.grants[id] ?? { read: false, write: false };
              return (
                <div key={id} className="user-grant">
                  <span className="user-grant__name">{names[id] ?? `Subsidiary ${id}`}</span>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={grant.read}
                      onChange={(e) => setForm({ ...form, grants: setGrant(form.grants, id, 'read', e.target.checked) })}
                    />{' '}
                    read
                  </label>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={grant.write}
                      disabled={!mayWrite(id)}
                      onChange={(e) => setForm({ ...form, grants: setGrant(form.grants, id, 'write', e.target.checked) })}
                    />{' '}
                    write
                  </label>
                </div>
              );
            })}
            <label className="field__label" htmlFor="user-add-subsidiary">
              Add a subsidiary
            </label>
            <LookupCombobox
              kind="subsidiary"
              id="user-add-subsidiary"
              value=""
              addsToList
              placeholder="Type to search"
              onChange={(option) => {
                if (!option) return;
                setNames({ ...names, [Number(option.value)]: option.label });
                setForm({ ...form, grants: setGrant(form.grants, Number(option.value), 'read', true) });
              }}
            />
            {errors.customers ? <span className="field__error">{errors.customers}</span> : null}
          </fieldset>
        ) : null}
      </div>
    </Modal>
  );
}

'use client';

import Link from 'next/link';
import type { MouseEvent } from 'react';
import type { ConfirmOptions } from '@/components/ui/confirm-dialog';
import { api } from '@/lib/client/api';
import { userNotRestored } from '@/lib/domain/failure-texts';
import { vendorLinkingHref } from './users-view-tabs';
import { isVendorRole, type Me, type UserRow } from './types';

export interface UserRowActionsProps {
  user: UserRow;
  me: Me;
  /** The list shows active users (else inactive ones). */
  active: boolean;
  onEdit: (event: MouseEvent<HTMLElement>) => void;
  onVendors: (event: MouseEvent<HTMLElement>) => void;
  /** Runs an act and says its outcome; `failure` is the spec's text for its failure (§8). */
  act: (call: () => Promise<{ message: string }>, failure?: string) => Promise<void>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

/**
 * A user's row buttons, only those spec §6 allows: edit, link and deactivate for active users other
 * than oneself (link only for supplier roles), activate and restore for inactive ones, resend while the
 * user has never signed in (portal admin or inviter). Each names its user, as a card's buttons stand alone.
 */
export function UserRowActions({ user: u, me, active, onEdit, onVendors, act, confirm }: UserRowActionsProps) {
  const self = u.id === me.id;
  const canResend = !u.deleted_at && !u.last_login && (me.resendsAny || u.parent_user_id === me.id);
  const supplier = isVendorRole(u.role.code);

  const activate = () =>
    act(() =>
      api.put(`/users/${u.id}`, {
        name: u.name,
        email: u.email,
        role_id: u.role_id,
        deleted_at: null,
        customers: u.customers.map((c) => ({ customer_id: c.customer_id, read: c.read, write: c.write })),
      }),
    );

  /** One click must not end someone's access: it asks first, 'no' being the default answer (docs/architecture.md "Accessibility"). */
  async function deactivate() {
    const yes = await confirm({
      title: `Deactivate ${u.name}?`,
      text: 'They can no longer sign in until restored.',
      confirmLabel: 'Deactivate',
      tone: 'danger',
    });
    if (yes) await act(() => api.del(`/users/${u.id}`));
  }

  return (
    <div className="row-actions">
      {active && !self ? (
        <>
          <button type="button" className="btn btn--sm" onClick={onEdit}>
            Edit
          </button>
          {supplier ? (
            <Link className="btn btn--sm" href={vendorLinkingHref(u.id)}>
              Link vendors
            </Link>
          ) : null}
          <button type="button" className="btn btn--sm btn--danger" onClick={() => void deactivate()}>
            Deactivate
          </button>
        </>
      ) : null}
      {!active && !self ? (
        <>
          <button type="button" className="btn btn--sm" onClick={() => void activate()}>
            Activate
          </button>
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => void act(() => api.post(`/users/restore/${u.id}`), userNotRestored(u.name))}
          >
            Restore
          </button>
        </>
      ) : null}
      {supplier ? (
        <button type="button" className="btn btn--sm btn--secondary" onClick={onVendors}>
          Vendors
        </button>
      ) : null}
      {canResend ? (
        <button
          type="button"
          className="btn btn--sm btn--secondary"
          onClick={() => void act(() => api.post(`/users/${u.id}/send-invitation`))}
        >
          Resend invitation
        </button>
      ) : null}
    </div>
  );
}

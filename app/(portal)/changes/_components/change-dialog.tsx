'use client';

import Link from 'next/link';
import { Modal } from '@/components/ui/modal';
import { ValuesSideBySide } from '@/components/changes/values-side-by-side';
import { formatDateTime } from '@/lib/format';
import { changeStatusLabel } from '@/lib/vocabulary';
import { comparedFields, PRICE_FIELDS, type ChangeRow } from './change-fields';

export interface ChangeDialogProps {
  change: ChangeRow | null;
  canApprove: boolean;
  busy: boolean;
  onApprove: (change: ChangeRow) => void;
  onReject: (change: ChangeRow) => void;
  onClose: () => void;
}

/** One change in detail: who asked and when, and its values side by side with what is there now. */
export function ChangeDialog({ change, canApprove, busy, onApprove, onReject, onClose }: ChangeDialogProps) {
  const pending = change?.status === 'pending';
  return (
    <Modal
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={change ? `${change.kind === 'item' ? 'Item' : 'Pricing'} change ${change.id}` : ''}
      footer={
        change && pending && canApprove && !change.process_id ? (
          <>
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => onReject(change)}>
              Reject
            </button>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onApprove(change)}>
              Approve
            </button>
          </>
        ) : null
      }
    >
      {change ? (
        <>
          <dl className="doc-facts">
            <div className="doc-facts__item">
              <dt>Vendor</dt>
              <dd>
                {change.vendor.code} {change.vendor.name}
              </dd>
            </div>
            <div className="doc-facts__item">
              <dt>Status</dt>
              <dd>{changeStatusLabel(change.status)}</dd>
            </div>
            <div className="doc-facts__item">
              <dt>Requested</dt>
              <dd>
                {formatDateTime(change.created_at)} {change.requested_by ? `by ${change.requested_by.name}` : ''}
              </dd>
            </div>
            {change.decided_at ? (
              <div className="doc-facts__item">
                <dt>Decided</dt>
                <dd>
                  {formatDateTime(change.decided_at)} {change.decided_by ? `by ${change.decided_by.name}` : ''}
                </dd>
              </div>
            ) : null}
            {change.comments ? (
              <div className="doc-facts__item">
                <dt>Comments</dt>
                <dd>{change.comments}</dd>
              </div>
            ) : null}
          </dl>
          {change.process_id && pending ? (
            <p className="field__hint">
              Part of upload {change.process_id}: approve or reject the whole upload under <Link href="/masterdata">Master data</Link>.
            </p>
          ) : null}
          <ValuesSideBySide
            fields={comparedFields(change)}
            percentFor={PRICE_FIELDS}
            caption={change.current ? 'Current and proposed values' : 'Proposed values (new)'}
          />
        </>
      ) : null}
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RejectionInputs } from './rejection-inputs';
import { validateRejection, type RejectionErrors, type RejectionFields } from './response-form';

export interface BulkRejectDialogProps {
  count: number;
  reasons: readonly string[];
  /** Called only with a reason and a supplier reference (spec §5). */
  onSubmit: (rejection: RejectionFields) => void;
  onCancel: () => void;
}

/** Rejects the selected orders with one reason and reference; mount it to open it. */
export function BulkRejectDialog({ count, reasons, onSubmit, onCancel }: BulkRejectDialogProps) {
  const [value, setValue] = useState<RejectionFields>({ reason: '', supplierRef: '' });
  const [errors, setErrors] = useState<RejectionErrors | null>(null);

  function confirm() {
    const problems = validateRejection(value);
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    onSubmit({ reason: value.reason, supplierRef: value.supplierRef.trim() });
  }

  function change(next: RejectionFields) {
    setValue(next);
    if (errors) setErrors(validateRejection(next));
  }

  return (
    <ConfirmDialog
      open
      title="Reject selected orders"
      text={`The ${count} selected ${count === 1 ? 'order' : 'orders'} will be rejected with this reason and reference.`}
      confirmLabel="Reject orders"
      tone="danger"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <div className="form bulk-reject">
        <RejectionInputs idPrefix="bulk-reject" value={value} errors={errors ?? undefined} reasons={reasons} onChange={change} />
      </div>
    </ConfirmDialog>
  );
}

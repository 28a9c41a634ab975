'use client';

import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';

export interface ChangeToolbarProps {
  /** Approvers see the bulk buttons; everyone who reads changes may export them. */
  canApprove: boolean;
  selected: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/** The list's bulk acts on the ticked changes, and the export of every change in scope (changes_export.xlsx). */
export function ChangeToolbar({ canApprove, selected, busy, onApprove, onReject }: ChangeToolbarProps) {
  const snackbar = useSnackbar();
  async function exportChanges() {
    try {
      saveBlob(await api.blob('/changes/export', { method: 'POST' }), 'changes_export.xlsx');
    } catch {
      snackbar.show('The export failed. Please try again.', 'error');
    }
  }
  return (
    <>
      {canApprove ? (
        <>
          <button type="button" className="btn btn--primary btn--sm" disabled={!selected || busy} onClick={onApprove}>
            Approve selected{selected ? ` (${selected})` : ''}
          </button>
          <button type="button" className="btn btn--danger btn--sm" disabled={!selected || busy} onClick={onReject}>
            Reject selected
          </button>
        </>
      ) : null}
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => void exportChanges()}>
        Export
      </button>
    </>
  );
}

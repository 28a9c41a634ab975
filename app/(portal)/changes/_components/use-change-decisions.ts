'use client';

import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { api, ApiRequestError } from '@/lib/client/api';
import { changeDecisionFailed, withReason } from '@/lib/domain/failure-texts';
import type { ChangeKind, ChangeRow } from './change-fields';

/** Changes to decide: one (from its dialog) or the ticked ones (bulk). */
export type Decided = { kind: ChangeKind; ids: number[]; bulk: boolean };
type Answer = { message?: string; successful?: string };

const failureText = (fallback: string, error: unknown) =>
  withReason(fallback, error instanceof ApiRequestError && error.status !== 0 ? error.message : null);

/**
 * Approving and rejecting changes, one or in bulk (spec §4, §7): the change opened, the rejection waiting
 * for its comments, the snackbar's word. After any decision the dialogs close and `done` runs (the
 * list reloads and the selection clears).
 */
export function useChangeDecisions(done: () => void) {
  const [opened, setOpened] = useState<ChangeRow | null>(null);
  const [rejecting, setRejecting] = useState<Decided | null>(null);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const { confirm, dialog: question } = useConfirm();

  async function act(call: () => Promise<Answer>, success: string, failure: string) {
    setBusy(true);
    try {
      const answer = await call();
      snackbar.show(answer.message ?? success, answer.successful === '[]' ? 'error' : 'success');
    } catch (error) {
      snackbar.show(failureText(failure, error), 'error');
    } finally {
      setBusy(false);
      setOpened(null);
      setRejecting(null);
      done();
    }
  }

  /** Approving takes one click of a button beside Reject: it asks first (docs/architecture.md "Accessibility"). */
  async function approve({ kind, ids, bulk }: Decided) {
    const title = ids.length === 1 ? 'Approve this change?' : `Approve ${ids.length} changes?`;
    if (!(await confirm({ title, confirmLabel: 'Approve' }))) return;
    await act(
      () =>
        bulk
          ? api.post(`/changes/${kind}/bulkApproval`, { changeIDs: ids, reason: '' })
          : api.post(`/changes/${kind}/approve`, { changeID: ids[0] }),
      'Approved successfully',
      changeDecisionFailed('approve', ids.length),
    );
  }

  function reject(reason: string) {
    if (!rejecting) return;
    const { kind, ids, bulk } = rejecting;
    void act(
      () =>
        bulk
          ? api.post(`/changes/${kind}/bulkReject`, { changeIDs: ids, reason })
          : api.post(`/changes/${kind}/reject`, { changeID: ids[0], reason }),
      bulk ? 'Bulk Rejected successfully' : 'Rejected successfully',
      changeDecisionFailed('reject', ids.length),
    );
  }

  return { opened, setOpened, rejecting, setRejecting, busy, approve, reject, question };
}

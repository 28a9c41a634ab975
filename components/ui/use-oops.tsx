'use client';

import { useCallback } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ApiRequestError } from '@/lib/client/api';
import { OOPS_TITLE } from '@/lib/domain/failure-texts';

/** The server's own words for a failed request (spec §8 shows them in an 'Oops...' alert). */
export function requestErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** A one-button 'Oops...' alert; render `dialog` once in the component. */
export function useOops() {
  const { confirm, dialog } = useConfirm();
  const oops = useCallback(
    async (text: string) => {
      await confirm({ title: OOPS_TITLE, text, confirmLabel: 'OK', cancelLabel: null, tone: 'danger' });
    },
    [confirm],
  );
  return { oops, dialog };
}

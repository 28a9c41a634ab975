'use client';

import { useEffect } from 'react';
import { FLASH_COOKIE } from '@/lib/http/flash-cookie';
import { useSnackbar } from './snackbar';

/**
 * Shows the server's flash message (lib/http/flash.ts) in the snackbar and deletes its cookie, so the
 * next screen or a reload does not show it again. A layout that stays mounted gets each new one.
 */
export function FlashMessage({ message }: { message: string | null }) {
  const snackbar = useSnackbar();
  useEffect(() => {
    if (!message) return;
    snackbar.show(message, 'success');
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }, [message, snackbar]);
  return null;
}

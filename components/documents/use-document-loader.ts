'use client';

import { useCallback, useRef, useState } from 'react';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { api } from '@/lib/client/api';

/**
 * Opens one document (GET /xdocs/{tinyMce}) for a modal. While a document is loading a second
 * click is ignored (spec §4); a failed load is silent and only stops the indicator (spec §8).
 */
export function useDocumentLoader() {
  const [doc, setDoc] = useState<XdocDetail | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  // A ref as well as state: two clicks in one frame both see the state from before the first.
  const busy = useRef<string | null>(null);

  const open = useCallback(async (tinyMce: string) => {
    if (busy.current) return;
    busy.current = tinyMce;
    setLoadingId(tinyMce);
    try {
      const body = await api.get<{ xdoc: XdocDetail }>(`/xdocs/${encodeURIComponent(tinyMce)}`);
      if (body?.xdoc) setDoc(body.xdoc);
    } catch {
      // Silent by design (spec §8).
    } finally {
      busy.current = null;
      setLoadingId(null);
    }
  }, []);

  const close = useCallback(() => setDoc(null), []);

  return { doc, loadingId, open, close };
}

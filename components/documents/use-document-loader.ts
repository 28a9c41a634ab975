'use client';

import { useCallback, useRef, useState } from 'react';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { api } from '@/lib/client/api';
import { pushQuery } from '@/lib/client/location';

export interface DocumentLoaderOptions {
  /**
   * The address parameter that names the open document (e.g. `doc`): written (replacing the history
   * entry) as soon as a document starts to open and removed when it closes or cannot be had, so the
   * address always shows the window on screen, and a session that ends while it opens comes back to it.
   */
  urlParam?: string;
}

/**
 * Opens one document (GET /xdocs/{tinyMce}) for a modal. While a document is loading a second
 * click is ignored (spec §4); a failed load is silent and only stops the indicator (spec §8).
 */
export function useDocumentLoader({ urlParam }: DocumentLoaderOptions = {}) {
  const [doc, setDoc] = useState<XdocDetail | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  // A ref as well as state: two clicks in one frame both see the state from before the first.
  const busy = useRef<string | null>(null);

  const setAddress = useCallback(
    (tinyMce: string | null) => {
      if (urlParam) pushQuery({ [urlParam]: tinyMce }, 'replace');
    },
    [urlParam],
  );

  /** Resolves true when the document is open. */
  const open = useCallback(
    async (tinyMce: string): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = tinyMce;
      setLoadingId(tinyMce);
      setAddress(tinyMce);
      let opened = false;
      try {
        const body = await api.get<{ xdoc: XdocDetail }>(`/xdocs/${encodeURIComponent(tinyMce)}`);
        if (body?.xdoc) {
          setDoc(body.xdoc);
          opened = true;
        }
      } catch {
        // Silent by design (spec §8).
      } finally {
        busy.current = null;
        setLoadingId(null);
      }
      if (!opened) setAddress(null);
      return opened;
    },
    [setAddress],
  );

  const close = useCallback(() => {
    setDoc(null);
    setAddress(null);
  }, [setAddress]);

  return { doc, loadingId, open, close };
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { api, ApiRequestError } from '@/lib/client/api';

export interface DeclarationModalProps {
  userId: number;
  version: string;
  paragraphs: readonly string[];
}

/** Shown on load until the user accepts the current declaration (spec §2); then the browser goes to /. */
export function DeclarationModal({ userId, version, paragraphs }: DeclarationModalProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await api.post(`/declaration/status/${userId}`);
      router.push('/');
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'The declaration could not be saved.');
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      required
      onOpenChange={() => undefined}
      title="Declaration"
      description={`Version ${version}: please read and accept before you continue.`}
      footer={
        <button type="button" className="btn btn--primary" disabled={busy} onClick={accept}>
          I accept
        </button>
      }
    >
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

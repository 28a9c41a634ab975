'use client';

import { useId, useState } from 'react';
import { Modal } from '@/components/ui/modal';

export interface CommentsDialogProps {
  open: boolean;
  title: string;
  label: string;
  /** Shown, with no call made, when the text is empty after trimming (spec §5 'Please enter comments'). */
  requiredMessage: string;
  confirmLabel: string;
  busy?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** Asks for the comments or reason a rejection needs; an empty text is refused here, before any request. */
export function CommentsDialog({ open, title, label, requiredMessage, confirmLabel, busy, onSubmit, onClose }: CommentsDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function close() {
    setText('');
    setError(null);
    onClose();
  }

  function submit() {
    if (!text.trim()) {
      setError(requiredMessage);
      return;
    }
    setError(null);
    onSubmit(text.trim());
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      size="sm"
      title={title}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn btn--danger" onClick={submit} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="textarea"
          rows={4}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

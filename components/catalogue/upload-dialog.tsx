'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError, api } from '@/lib/client/api';

export const FILE_REQUIRED = 'Please Attach File before you submit';
const FAILED = 'error occured please contact support';

/** What a failed upload shows (spec §8): the first file error of a 422 (or of a refused size), the server's busy message, else the generic one. */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return FAILED;
  if (error.status === 422 || error.status === 413) return error.firstError('file') ?? error.firstError() ?? error.message;
  if (error.status === 409) return error.message;
  return FAILED;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** POST target: /items/upload or /pricings/upload. */
  path: string;
  /** The published template's address. */
  templateHref: string;
  /** The server's answer, or what a failure shows (spec §8). */
  onDone: (answer: { status: 'success' | 'failure'; message: string }) => void;
}

/** The upload form of spec §3 (file and comments), sent as multipart. */
/**
 * Picking a file never sends it (for pricing too, where the spec sends at once: the comments could not
 * be written first; docs/api.md, departures): the user picks, writes, then presses Upload.
 */
export function UploadDialog({ open, onClose, title, path, templateHref, onDone }: UploadDialogProps) {
  const fileId = useId();
  const commentsId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setError(FILE_REQUIRED);
      return;
    }
    const form = new FormData();
    form.append('file', file);
    form.append('comments', comments);
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>(path, form);
      setComments('');
      onDone({ status: 'success', message });
    } catch (failure) {
      onDone({ status: 'failure', message: uploadFailureText(failure) });
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={fileId + '-form'} className="btn btn--primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </>
      }
    >
      <form id={fileId + '-form'} className="form-stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={commentsId}>
            Comments
          </label>
          <textarea id={commentsId} className="textarea" maxLength={1000} value={comments} onChange={(e) => setComments(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            File (xlsx or csv, at most 10 MB)
          </label>
          <input id={fileId} ref={fileInput} type="file" className="input" accept=".xlsx,.csv" onChange={() => setError(null)} />
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <p className="field__hint">
            <a className="link" href={templateHref} download>
              Download the upload template
            </a>{' '}
            for the columns the file must have.
          </p>
        </div>
      </form>
    </Modal>
  );
}

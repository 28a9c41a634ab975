'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError, api } from '@/lib/client/api';
import type { UploadStatus } from '@/lib/domain/catalogue/upload-status';
import { UploadResult } from './upload-result';

export const FILE_REQUIRED = 'Please Attach File before you submit';
const FAILED = 'error occured please contact support';
/** How often the dialog asks how the worker is getting on with the file. */
export const POLL_MS = 1000;

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
  /** A refused upload's message (spec §8), or the read upload's outcome (the list may reload). */
  onDone: (answer: { status: 'success' | 'failure'; message: string }) => void;
}

/**
 * Asks GET /uploads/{processId} until the worker has read the file (issue 27: the screen said
 * 'Uploaded successfully' when every row had failed); stops when the dialog closes.
 */
function useUploadProgress(processId: string | null, onRead: (result: UploadStatus) => void) {
  const [read, setRead] = useState<UploadStatus | null>(null);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  useEffect(() => {
    if (!processId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const status = await api.get<UploadStatus>(`/uploads/${processId}`);
        if (stopped) return;
        if (status.status !== 'processing') {
          setRead(status);
          onReadRef.current(status);
          return;
        }
      } catch {
        // A failed poll is asked again: the upload itself was accepted.
      }
      if (!stopped) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [processId]);
  // A result belongs to the upload it was read for; a new upload starts without one.
  return read && read.processId === processId ? read : null;
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
  const [processId, setProcessId] = useState<string | null>(null);
  const result = useUploadProgress(processId, (read) =>
    onDone({ status: 'success', message: `${read.valid ?? 0} accepted, ${read.invalid ?? 0} refused` }),
  );

  const close = () => {
    setProcessId(null);
    onClose();
  };

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
      const answer = await api.post<{ message: string; processId: string }>(path, form);
      setComments('');
      setProcessId(answer.processId);
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

  const phase = result ? 'read' : processId ? 'processing' : 'form';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={title}
      footer={
        phase === 'form' ? (
          <>
            <button type="button" className="btn btn--secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" form={fileId + '-form'} className="btn btn--primary" disabled={busy}>
              {busy ? 'Uploading…' : 'Upload'}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--primary" onClick={close}>
            Close
          </button>
        )
      }
    >
      {phase === 'processing' ? (
        <p>
          <LoadingIndicator active label="Processing… the file was received and its rows are being checked." />
        </p>
      ) : null}
      {result ? <UploadResult result={result} /> : null}
      {phase === 'form' ? (
        <form id={fileId + '-form'} className="form-stack" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={commentsId}>
              Comments
            </label>
            <textarea
              id={commentsId}
              className="textarea"
              maxLength={1000}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
            />
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
      ) : null}
    </Modal>
  );
}

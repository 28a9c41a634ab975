'use client';

import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { requestErrorText } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { CATALOGUE_PATHS, type CatalogueKind } from './catalogue-types';
import { UploadDialog } from './upload-dialog';
import { OOPS_TITLE } from '@/lib/domain/failure-texts';

type Answer = { status: 'success' | 'failure'; message: string };

export interface CatalogueToolbarProps {
  kind: CatalogueKind;
  canUpload: boolean;
  selected: ReadonlySet<number>;
  /** The ticked rows were exported (the selection clears). */
  onExported: () => void;
  /** A file the worker has read: the list shows its rows. */
  onUploaded: () => void;
}

/** The catalogue's acts: export the ticked rows, the whole list by e-mail, and (vendor administrators) upload. */
export function CatalogueToolbar({ kind, canUpload, selected, onExported, onUploaded }: CatalogueToolbarProps) {
  const paths = CATALOGUE_PATHS[kind];
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [uploading, setUploading] = useState(false);

  const oops = (text: string) => confirm({ title: OOPS_TITLE, text, confirmLabel: 'OK', cancelLabel: null, tone: 'danger' });
  /** An act whose failed request is shown in the Oops alert with the server's words. */
  const act = (action: () => Promise<void>) => () => void action().catch((error: unknown) => oops(requestErrorText(error)));

  async function exportSelected() {
    const blob = await api.blob(`${paths.actions}/export`, { method: 'POST', body: { [paths.exportField]: [...selected] } });
    saveBlob(blob, 'items_export.xlsx');
    onExported();
  }

  async function downloadByEmail() {
    const verdict = await api.get<{ success: boolean; message: string }>(`${paths.actions}/verify/download`);
    if (!verdict.success) return void (await oops(verdict.message));
    if (!(await confirm({ title: 'Download by e-mail', text: verdict.message }))) return;
    const answer = await api.post<{ message: string }>(`${paths.actions}/download`);
    snackbar.show(answer.message, 'success');
  }

  async function startUpload() {
    const verdict = await api.get<{ success: boolean | string | number; message: string }>(`${paths.actions}/verify/upload`);
    if (![true, 'true', 1, '1'].includes(verdict.success)) return void (await oops(verdict.message));
    setUploading(true);
  }

  /** A refusal says 'Oops'; a file the worker has read keeps its result in the dialog, and the list shows its rows. */
  const uploaded = (answer: Answer) => (answer.status === 'failure' ? void oops(answer.message) : onUploaded());

  return (
    <>
      <button type="button" className="btn btn--sm" disabled={selected.size === 0} onClick={act(exportSelected)}>
        Export selected ({selected.size})
      </button>
      <button type="button" className="btn btn--sm btn--secondary" onClick={act(downloadByEmail)}>
        Download by e-mail
      </button>
      {canUpload ? (
        <button type="button" className="btn btn--sm btn--primary" onClick={act(startUpload)}>
          Upload
        </button>
      ) : null}
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        title={kind === 'items' ? 'Upload items' : 'Upload prices'}
        path={`${paths.actions}/upload`}
        templateHref={`/api${paths.actions}/upload-template`}
        onDone={uploaded}
      />
      {dialog}
    </>
  );
}

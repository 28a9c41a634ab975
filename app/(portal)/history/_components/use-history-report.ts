'use client';

import { useState } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { requestErrorText, useOops } from '@/components/ui/use-oops';
import { api, type Query } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';

/**
 * Download report (spec §2 History): the list's question as a spreadsheet, at once when small, or
 * prepared in the background and e-mailed (202 with a message).
 */
export function useHistoryReport() {
  const snackbar = useSnackbar();
  const { oops, dialog } = useOops();
  const [reporting, setReporting] = useState(false);

  async function download(query: Query) {
    setReporting(true);
    try {
      const response = await api.raw('GET', '/history/createReport', undefined, query);
      if (response.status === 202) snackbar.show(((await response.json()) as { message: string }).message, 'info');
      else saveBlob(await response.blob(), 'portal_report.xlsx');
    } catch (error) {
      await oops(requestErrorText(error));
    } finally {
      setReporting(false);
    }
  }

  return { reporting, download, dialog };
}

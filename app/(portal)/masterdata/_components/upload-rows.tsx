'use client';

import { useEffect, useState } from 'react';
import { api, ApiRequestError } from '@/lib/client/api';
import type { LaravelPage } from '@/lib/domain/paging';
import type { HistoryRow } from '@/lib/domain/masterdata/queries';
import type { UploadRow } from '@/lib/domain/masterdata/upload-rows';
import type { ReadableField } from '@/lib/domain/masterdata/readable-change';
import { changeStatusLabel } from '@/lib/vocabulary';

/** The master-data record of an upload, as the list answered it. */
type Upload = Pick<HistoryRow, 'process_id' | 'event_type' | 'new_values'>;
type Loaded = { page: LaravelPage<UploadRow> } | { error: string } | null;

/** What a row changes, in words: a new item or price shows its values, a changed one only what moves. */
function ChangeText({ fields }: { fields: ReadableField[] }) {
  const isNew = fields.every((field) => field.current === null);
  const shown = fields.filter((field) => field.key !== 'catalogueCode' && (isNew ? field.proposed !== null : field.changed));
  if (!shown.length) return <span className="muted">No change</span>;
  return (
    <ul className="upload-rows__changes">
      {isNew ? <li className="badge">new</li> : null}
      {shown.map((field) => (
        <li key={field.key}>
          <span className="upload-rows__label">{field.label}:</span>{' '}
          {isNew ? field.proposed : `${field.current ?? '—'} → ${field.proposed ?? '—'}`}
        </li>
      ))}
    </ul>
  );
}

/** The upload's counts from its record (`{rows, valid, invalid, file}`), as a sentence. */
function summary(values: Record<string, unknown> | null): string {
  if (!values) return '';
  const parts = [
    values.file ? `File ${String(values.file)}` : null,
    values.rows !== undefined ? `${String(values.rows)} rows read` : null,
    values.valid !== undefined ? `${String(values.valid)} accepted` : null,
    values.invalid !== undefined ? `${String(values.invalid)} refused` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * The rows an upload carries (GET /masterdata/history/rows), a page at a time: each item or price it
 * changes with its values old → new, so the approver sees what approving writes, not only a count.
 */
export function UploadRows({ upload }: { upload: Upload }) {
  const [pageNo, setPageNo] = useState(1);
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let live = true;
    api
      .get<{ rows: LaravelPage<UploadRow> }>('/masterdata/history/rows', {
        process_id: upload.process_id,
        event_type: upload.event_type,
        page: pageNo,
      })
      .then((answer) => live && setLoaded({ page: answer.rows }))
      .catch(
        (error: unknown) =>
          live && setLoaded({ error: error instanceof ApiRequestError ? error.message : 'The rows could not be loaded.' }),
      );
    return () => {
      live = false;
    };
  }, [upload.process_id, upload.event_type, pageNo]);

  return (
    <div className="upload-rows">
      <p className="muted">{summary(upload.new_values)}</p>
      {loaded === null ? <p aria-busy="true">Loading the upload’s rows…</p> : null}
      {loaded && 'error' in loaded ? <p role="alert">{loaded.error}</p> : null}
      {loaded && 'page' in loaded ? (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption>{`${loaded.page.total} ${loaded.page.total === 1 ? 'row' : 'rows'} in this upload`}</caption>
              <thead>
                <tr>
                  <th scope="col">Catalogue code</th>
                  <th scope="col">Change</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {loaded.page.data.length ? (
                  loaded.page.data.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.catalogue_code}</th>
                      <td>
                        <ChangeText fields={row.fields} />
                      </td>
                      <td>{changeStatusLabel(row.status)}</td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={3} className="muted">
                      No rows of this upload wait or were decided here.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          {loaded.page.last_page > 1 ? (
            // Buttons, not the list's pager: that one writes ?page= into the address of the list behind the dialog.
            <nav className="upload-rows__pager" aria-label="Pages of the upload's rows">
              <button type="button" className="btn btn--sm" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
                Previous
              </button>
              <span>{`Page ${loaded.page.current_page} of ${loaded.page.last_page}`}</span>
              <button
                type="button"
                className="btn btn--sm"
                disabled={pageNo >= loaded.page.last_page}
                onClick={() => setPageNo(pageNo + 1)}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

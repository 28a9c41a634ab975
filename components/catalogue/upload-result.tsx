'use client';

import type { UploadStatus } from '@/lib/domain/catalogue/upload-status';

const rowsText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * What became of an upload once the worker has read it: the rows accepted (now waiting for approval
 * under Master data), the rows refused with their reasons, and the error file the e-mail also carries.
 */
export function UploadResult({ result }: { result: UploadStatus }) {
  const valid = result.valid ?? 0;
  const invalid = result.invalid ?? 0;
  const shownRefusals = result.refused.filter((r) => r.row > 0);
  return (
    <section className="form-stack" aria-label="Upload result">
      {result.error ? (
        <p className="field__error" role="alert">
          The file was refused: {result.error}
        </p>
      ) : (
        <ul>
          <li>
            <strong>{rowsText(valid)} accepted</strong>
            {valid ? ', waiting for approval under Master data' : ''}
          </li>
          <li>
            <strong>{rowsText(invalid)} refused</strong>
          </li>
        </ul>
      )}
      {!result.error && result.refused.some((r) => r.row === 0) ? (
        <p className="field__error">{result.refused.find((r) => r.row === 0)?.error}</p>
      ) : null}
      {shownRefusals.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption>{invalid > shownRefusals.length ? `The first ${shownRefusals.length} refused rows` : 'Refused rows'}</caption>
            <thead>
              <tr>
                <th className="num">Row</th>
                <th>Column</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {shownRefusals.map((r) => (
                <tr key={`${r.row}-${r.column}-${r.error}`}>
                  <td className="num">{r.row}</td>
                  <td>{r.column}</td>
                  <td>{r.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.errorFile ? (
        <p>
          <a className="link" href={result.errorFile} download>
            Download the error file
          </a>{' '}
          (every refused row with its reason; it was also sent to you by e-mail).
        </p>
      ) : null}
    </section>
  );
}

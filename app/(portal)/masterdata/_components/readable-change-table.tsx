import { FileLink } from '@/components/files/file-link';
import type { FileRef, ReadableField } from '@/lib/domain/masterdata/readable-change';

function Value({ text, file }: { text: string | null; file?: FileRef | null }) {
  if (file) return <FileLink file={file} />;
  return text === null ? <span className="muted">—</span> : <>{text}</>;
}

/**
 * A vendor-data change as an approver reads it: each field by its name, before beside after, changed
 * lines marked (in words too, for screen readers), and the B-BBEE certificates as files to open.
 */
export function ReadableChangeTable({ fields, caption }: { fields: ReadableField[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table side-by-side readable-change">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Current</th>
            <th scope="col">Proposed</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.key} className={field.changed ? 'is-changed' : undefined} data-field={field.key}>
              <th scope="row">
                {field.label}
                {field.changed ? <span className="badge badge--warning side-by-side__mark">changed</span> : null}
              </th>
              <td data-label="Current">
                <Value text={field.current} file={field.currentFile} />
              </td>
              <td data-label="Proposed">
                <Value text={field.proposed} file={field.proposedFile} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

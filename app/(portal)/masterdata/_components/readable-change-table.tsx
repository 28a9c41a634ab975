import { SideBySideTable, type Side } from '@/components/changes/side-by-side-table';
import { FileLink } from '@/components/files/file-link';
import type { ReadableField } from '@/lib/domain/masterdata/readable-change';

/** One side of a vendor-data field: its text, or for the B-BBEE certificate the file itself to open. */
function readableValue(field: ReadableField, side: Side) {
  const file = side === 'current' ? field.currentFile : field.proposedFile;
  if (file) return <FileLink file={file} />;
  const text = field[side];
  return text === null ? <span className="muted">—</span> : text;
}

/** A vendor-data change as an approver reads it, before beside after (the shared side-by-side table). */
export function ReadableChangeTable({ fields, caption }: { fields: ReadableField[]; caption: string }) {
  return <SideBySideTable fields={fields} caption={caption} isChanged={(field) => field.changed} renderValue={readableValue} />;
}

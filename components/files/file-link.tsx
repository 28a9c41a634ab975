import './file-link.css';

/** A stored file the reader may open: GET /files/{id}/download (its scope decides; others get 404). */
export type StoredFileRef = { id: number; name: string };

export const fileHref = (file: { id: number }) => `/api/files/${file.id}/download`;

/** A link that downloads a stored file under its own name (a B-BBEE certificate, a scan). */
export function FileLink({ file, label, block = false }: { file: StoredFileRef; label?: string; block?: boolean }) {
  return (
    <a className={block ? 'file-link file-link--block' : 'file-link'} href={fileHref(file)} download={file.name} aria-label={label}>
      {file.name}
    </a>
  );
}

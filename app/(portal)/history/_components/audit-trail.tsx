'use client';

import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { api } from '@/lib/client/api';
import type { AuditItem } from '@/lib/domain/documents/audit';
import { shortAuditText } from './audit-text';

function Description({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const short = shortAuditText(text);
  return (
    <>
      {whole ? text : short.text}
      {short.cut ? (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setWhole((w) => !w)}>
            {whole ? 'Show less' : 'Show all'}
          </button>
        </>
      ) : null}
    </>
  );
}

/** A document's audit trail (GET /xdocs/{id}/audit), newest first; long descriptions cut to 300 characters. */
export function AuditTrailModal({ doc, onClose }: { doc: { tinyMce: string; docno: string }; onClose: () => void }) {
  const [items, setItems] = useState<AuditItem[] | null>(null);
  useEffect(() => {
    api
      .get<{ audit: AuditItem[] }>(`/xdocs/${encodeURIComponent(doc.tinyMce)}/audit`)
      .then((body) => setItems(body.audit))
      .catch(() => setItems([]));
  }, [doc.tinyMce]);
  return (
    <Modal open size="md" title={`Audit trail ${doc.docno}`} onOpenChange={(open) => (open ? undefined : onClose())}>
      {items === null ? (
        <p className="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted">Nothing has been recorded for this document.</p>
      ) : (
        <ol className="audit-trail" aria-label="Audit trail">
          {items.map((item) => (
            <li key={item.id} className="audit-trail__item">
              <p className="muted">
                {item.time} SAST · {item.owner.name}
              </p>
              <p>
                <Description text={item.descr.descr} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import type { useDocumentLoader } from '@/components/documents/use-document-loader';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { AuditTrailModal } from './audit-trail';
import { HistoryDocumentModal } from './history-document-modal';
import { RelatedDocumentsModal } from './related-documents';

interface HistoryDialogsProps {
  loader: ReturnType<typeof useDocumentLoader>;
  onActed: (doc: XdocDetail, message: string, closes: boolean) => void;
}

/** The open document, and from it its audit trail or its related documents (one window at a time). */
export function HistoryDialogs({ loader, onActed }: HistoryDialogsProps) {
  const [auditOf, setAuditOf] = useState<XdocDetail | null>(null);
  const [relatedOf, setRelatedOf] = useState<string | null>(null);
  return (
    <>
      {loader.doc && !auditOf && !relatedOf ? (
        <HistoryDocumentModal
          doc={loader.doc}
          onClose={loader.close}
          onAuditTrail={() => setAuditOf(loader.doc)}
          onRelated={setRelatedOf}
          onActed={onActed}
        />
      ) : null}
      {auditOf ? <AuditTrailModal doc={auditOf} onClose={() => setAuditOf(null)} /> : null}
      {relatedOf ? (
        <RelatedDocumentsModal
          orderno={relatedOf}
          onClose={() => setRelatedOf(null)}
          onOpen={(tinyMce) => {
            setRelatedOf(null);
            void loader.open(tinyMce);
          }}
        />
      ) : null}
    </>
  );
}

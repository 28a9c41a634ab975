'use client';

import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { Money } from '@/components/Money';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { formatDateDashes } from '@/lib/format';
import { DocumentFacts, type Fact } from './DocumentFacts';
import { DocumentLines, type LinesKind } from './DocumentLines';
import { downloadDocumentPdf, pdfUnavailable } from './pdf';
import type { DocumentTabId } from './tabs';
import { useOops } from './useOops';

export const DOCUMENT_LABELS: Record<DocumentTabId, string> = {
  'delivery-notes': 'Delivery note',
  disputes: 'Dispute',
  remittances: 'Remittance advice',
};

const LINES_KIND: Record<DocumentTabId, LinesKind> = { 'delivery-notes': 'deliverynote', disputes: 'dispute', remittances: 'remittance' };

function factsOf(doc: XdocDetail, tab: DocumentTabId): Fact[] {
  const label = DOCUMENT_LABELS[tab];
  const store = [doc.branchName, doc.storeCode].filter(Boolean).join(' · ');
  if (tab === 'remittances') {
    return [
      [`${label} number`, doc.docno],
      ['Description', doc.xdocDescr],
      ['Customer', doc.custaccountName],
      ['Date', formatDateDashes(doc.docDate)],
      ['Total paid', <Money key="total" value={doc.xdocTotalIncl} />],
    ];
  }
  return [
    [`${label} number`, doc.docno],
    ['Order number', doc.orderno],
    ...(tab === 'disputes' ? ([['Reason', doc.reasonLabel ? `${doc.reasonLabel} (${doc.reasonCode})` : doc.reasonCode]] as Fact[]) : []),
    ['Customer', doc.custaccountName],
    ['Store', store],
    ['Date', formatDateDashes(doc.docDate)],
    ['Delivery date', formatDateDashes(doc.deliveryDate)],
    ['Total excl. VAT', <Money key="excl" value={doc.xdocTotalExcl} />],
    ['VAT', <Money key="tax" value={doc.xdocTaxAmount} />],
    ['Total incl. VAT', <Money key="incl" value={doc.xdocTotalIncl} />],
  ];
}

export interface DocumentModalProps {
  doc: XdocDetail;
  tab: DocumentTabId;
  onClose: () => void;
  /** Marks the document as read; the list closes the modal when it succeeds. */
  onMarkRead: (doc: XdocDetail) => Promise<void>;
}

/** One delivery note, dispute or remittance advice with its lines and a mark-as-read action. */
export function DocumentModal({ doc, tab, onClose, onMarkRead }: DocumentModalProps) {
  const [marking, setMarking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { oops, dialog } = useOops();
  const label = DOCUMENT_LABELS[tab];

  async function markRead() {
    setMarking(true);
    try {
      await onMarkRead(doc);
    } finally {
      setMarking(false);
    }
  }

  async function download() {
    setDownloading(true);
    const ok = await downloadDocumentPdf(doc);
    setDownloading(false);
    if (!ok) await oops(pdfUnavailable(doc.docno, label));
  }

  return (
    <>
      <Modal
        open
        size="lg"
        title={`${label} ${doc.docno}`}
        onOpenChange={(open) => (open ? undefined : onClose())}
        footer={
          <>
            <button type="button" className="btn" onClick={download} disabled={downloading}>
              {downloading ? 'Downloading…' : 'Download PDF'}
            </button>
            <span className="toolbar__spacer" />
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn btn--primary" onClick={markRead} disabled={marking}>
              {marking ? 'Marking…' : 'Mark as read'}
            </button>
          </>
        }
      >
        <DocumentFacts facts={factsOf(doc, tab)} />
        <h3 className="order-modal__heading">{tab === 'remittances' ? 'Invoices paid' : 'Lines'}</h3>
        <DocumentLines lines={doc.det} kind={LINES_KIND[tab]} />
      </Modal>
      {dialog}
    </>
  );
}

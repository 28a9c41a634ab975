'use client';

import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Money } from '@/components/ui/money';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { formatDateDashes } from '@/lib/format';
import { DocumentFacts, vendorFact, type Fact } from './document-facts';
import { DocumentLines, type LinesKind } from './document-lines';
import { downloadDocumentPdf, pdfUnavailable } from './pdf';
import { documentLabel } from '@/lib/vocabulary';
import { useOops } from '../ui/use-oops';

/** The document kinds this window shows (spec §2: delivery note, dispute and remittance modals). */
export type NoticeDocumentKind = Extract<LinesKind, 'deliverynote' | 'dispute' | 'remittance'>;

/** 'Delivery note', 'Dispute', 'Remittance advice' (lib/vocabulary). */
export const noticeDocumentLabel = (kind: NoticeDocumentKind): string => documentLabel({ xdocTypeCode: kind });

function factsOf(doc: XdocDetail, kind: NoticeDocumentKind, showVendor: boolean): Fact[] {
  const label = noticeDocumentLabel(kind);
  const store = [doc.branchName, doc.storeCode].filter(Boolean).join(' · ');
  const vendor = showVendor ? [vendorFact(doc)] : [];
  if (kind === 'remittance') {
    return [
      [`${label} number`, doc.docno],
      ...vendor,
      ['Description', doc.xdocDescr],
      ['Customer', doc.custaccountName],
      ['Date', formatDateDashes(doc.docDate)],
      ['Total paid', <Money key="total" value={doc.xdocTotalIncl} />],
    ];
  }
  return [
    [`${label} number`, doc.docno],
    ['Order number', doc.orderno],
    ...vendor,
    ...(kind === 'dispute' ? ([['Reason', doc.reasonLabel ? `${doc.reasonLabel} (${doc.reasonCode})` : doc.reasonCode]] as Fact[]) : []),
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
  kind: NoticeDocumentKind;
  /** Show which vendor the document is for (a user linked to several vendors). */
  showVendor?: boolean;
  /** Where focus goes when the window closes (e.g. the row's number button). */
  returnFocus?: () => HTMLElement | null | undefined;
  onClose: () => void;
  /** Marks the document as read; the list closes the modal when it succeeds. Without it the window only shows the document. */
  onMarkRead?: (doc: XdocDetail) => Promise<void>;
}

/** One delivery note, dispute or remittance advice with its lines and a mark-as-read action. */
export function DocumentModal({ doc, kind, showVendor = false, returnFocus, onClose, onMarkRead }: DocumentModalProps) {
  const [marking, setMarking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { oops, dialog } = useOops();
  const label = noticeDocumentLabel(kind);

  async function markRead() {
    if (!onMarkRead) return;
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
        returnFocus={returnFocus}
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
            {onMarkRead ? (
              <button type="button" className="btn btn--primary" onClick={markRead} disabled={marking}>
                {marking ? 'Marking…' : 'Mark as read'}
              </button>
            ) : null}
          </>
        }
      >
        <DocumentFacts facts={factsOf(doc, kind, showVendor)} />
        <h3 className="order-modal__heading">{kind === 'remittance' ? 'Invoices paid' : 'Lines'}</h3>
        <DocumentLines lines={doc.det} kind={kind} />
      </Modal>
      {dialog}
    </>
  );
}

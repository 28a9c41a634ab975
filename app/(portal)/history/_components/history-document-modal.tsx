'use client';

import { useState } from 'react';
import { DocumentFacts, vendorFact, type Fact } from '@/components/documents/document-facts';
import { DocumentLines, type LinesKind } from '@/components/documents/document-lines';
import { downloadDocumentPdf, pdfUnavailable } from '@/components/documents/pdf';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Money } from '@/components/ui/money';
import { requestErrorText, useOops } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import type { HistoryActionId } from '@/lib/domain/history/available-actions';
import type { HistoryActionResult } from '@/lib/domain/history/document-action';
import { formatDateDashes } from '@/lib/format';
import { typeLabel } from './history-url';
import { DISCREPANCY_REASON_CODES, documentStatusLabel, isCreditNote } from '@/lib/vocabulary';
import { signedAmount } from '@/lib/domain/documents/signed-amount';

/** The lines layout each kind of document uses. */
const LINES_KIND: Record<string, LinesKind> = { deliverynote: 'deliverynote', dispute: 'dispute', remittance: 'remittance' };

function factsOf(doc: XdocDetail): Fact[] {
  return [
    ['Document number', doc.docno],
    ['Order number', doc.orderno],
    ['Type', typeLabel(doc)],
    ['Status', documentStatusLabel(doc.wfStatusCode)],
    vendorFact(doc),
    ['Customer', doc.custaccountName],
    ['Store', [doc.branchName, doc.storeCode].filter(Boolean).join(' · ')],
    ['Date', formatDateDashes(doc.docDate)],
    ['Delivery date', formatDateDashes(doc.deliveryDate)],
    [isCreditNote(doc) ? 'Credit note number' : 'Invoice', doc.invoice?.invoiceNo],
    // A discrepancy's reason (A/B/C: a goods receipt, or the invoice answering it) says so; a dispute's is a reason.
    [
      (DISCREPANCY_REASON_CODES as readonly string[]).includes(doc.reasonCode ?? '') ? 'Discrepancy reason' : 'Reason',
      doc.reasonLabel ? `${doc.reasonLabel} (${doc.reasonCode})` : doc.reasonCode,
    ],
    ['Total excl. VAT', <Money key="excl" value={signedAmount(doc, doc.xdocTotalExcl)} />],
    ['VAT', <Money key="tax" value={signedAmount(doc, doc.xdocTaxAmount)} />],
    ['Total incl. VAT', <Money key="incl" value={signedAmount(doc, doc.xdocTotalIncl)} />],
  ];
}

type Action = { path: string; label: string; question: string; method: 'get' | 'put' };

/**
 * Spec §4 History actions and §5 confirmations, offered as the server says this user may do them now
 * (XdocDetail.actions): nothing for a read-only user, "Make available for invoicing" only where
 * invoicing was dismissed.
 */
function actionsFor(doc: XdocDetail): Action[] {
  const orderno = doc.orderno ?? doc.docno;
  const id = encodeURIComponent(doc.tinyMce);
  const all: Record<HistoryActionId, Action> = {
    undismiss: {
      path: `/orders/undismiss/${id}`,
      label: 'Make available for invoicing',
      question: `Are you sure you want to make order ${orderno} available for invoicing?`,
      method: 'get',
    },
    outstanding: {
      path: `/mark/outstanding/${id}`,
      label: 'Mark outstanding',
      question: `Are you sure you want to make order ${doc.docno} outstanding?`,
      method: 'get',
    },
    resend: {
      path: `/orders/resend/${encodeURIComponent(doc.docno)}`,
      label: 'Resend order',
      question: `Are you sure you want to resend order ${doc.docno} to the supplier?`,
      method: 'put',
    },
  };
  return (doc.actions ?? []).map((action) => all[action]);
}

export interface HistoryDocumentModalProps {
  doc: XdocDetail;
  onClose: () => void;
  onAuditTrail: () => void;
  onRelated: (orderno: string) => void;
  /** After an action succeeded: the screen keeps the document in its local list and shows the message. */
  onActed: (doc: XdocDetail, message: string, closes: boolean) => void;
}

/** Any document of the history (spec §2 order, invoice, dispute, delivery note and remittance modals) with its actions. */
export function HistoryDocumentModal({ doc, onClose, onAuditTrail, onRelated, onActed }: HistoryDocumentModalProps) {
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { oops, dialog: oopsDialog } = useOops();
  const [busy, setBusy] = useState(false);
  const label = typeLabel(doc);

  async function act(action: Action) {
    if (!(await confirm({ title: action.label, text: action.question }))) return;
    setBusy(true);
    try {
      const result =
        action.method === 'put' ? await api.put<HistoryActionResult>(action.path, {}) : await api.get<HistoryActionResult>(action.path);
      // Spec §4: undismiss and outstanding close the window; a resend leaves it open.
      onActed(doc, result.message, action.method === 'get');
    } catch (error) {
      await oops(requestErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    if (!(await downloadDocumentPdf(doc))) await oops(pdfUnavailable(doc.docno, label));
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
            <button type="button" className="btn" onClick={() => void download()}>
              Download PDF
            </button>
            {doc.scanFileId ? (
              <a className="btn" href={`/api/xdocs/${encodeURIComponent(doc.tinyMce)}/scan-pdf`} target="_blank" rel="noreferrer">
                Scanned copy
              </a>
            ) : null}
            <button type="button" className="btn" onClick={onAuditTrail}>
              Audit trail
            </button>
            <button type="button" className="btn" onClick={() => onRelated(doc.orderno ?? doc.docno)}>
              Related documents
            </button>
            <span className="toolbar__spacer" />
            {actionsFor(doc).map((action) => (
              <button key={action.path} type="button" className="btn btn--primary" disabled={busy} onClick={() => void act(action)}>
                {action.label}
              </button>
            ))}
          </>
        }
      >
        <DocumentFacts facts={factsOf(doc)} />
        <h3 className="order-modal__heading">{doc.xdocTypeCode === 'remittance' ? 'Invoices paid' : 'Lines'}</h3>
        <DocumentLines lines={doc.det} kind={LINES_KIND[doc.xdocTypeCode] ?? 'order'} />
      </Modal>
      {confirmDialog}
      {oopsDialog}
    </>
  );
}

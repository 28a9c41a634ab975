'use client';

import { useMemo, useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Money } from '@/components/ui/money';
import { api } from '@/lib/client/api';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { reasonsFor } from '@/lib/domain/inbox/schemas';
import { formatDateDashes } from '@/lib/format';
import { documentLabel, documentStatusLabel } from '@/lib/vocabulary';
import { responseOutcome, type RespondResult, type ResponseOutcome } from './bulk';
import { DocumentFacts, vendorFact, type Fact } from '@/components/documents/document-facts';
import { DocumentLines } from '@/components/documents/document-lines';
import { optionLabel, ORDER_SUB_TYPES, ORDER_TYPE_OPTIONS } from '../filters';
import { NoticeModal } from '@/components/ui/notice-modal';
import { OrderResponseForm } from './order-response-form';
import { downloadDocumentPdf, pdfUnavailable } from '@/components/documents/pdf';
import {
  answerableLines,
  canRespondPerLine,
  EMPTY_FORM,
  toOrderResponse,
  validateResponseForm,
  type FormErrors,
  type ResponseForm,
} from './response-form';
import { requestErrorText, useOops } from '@/components/ui/use-oops';

export interface OrderResponseModalProps {
  order: XdocDetail;
  isReturn: boolean;
  /** Show which vendor the order is for (a user linked to several vendors). */
  showVendor?: boolean;
  /** Where focus goes when the window closes (the row's number button). */
  returnFocus?: () => HTMLElement | null | undefined;
  onClose: () => void;
  /** Called with the outcome of a submitted response that did not fail as a request. */
  onResponded: (outcome: ResponseOutcome) => void;
}

/** One order: header, delivery instructions, lines, the response form and its PDF (spec §2, §4). */
export function OrderResponseModal({ order, isReturn, showVendor, returnFocus, onClose, onResponded }: OrderResponseModalProps) {
  const [form, setForm] = useState<ResponseForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const { oops, dialog } = useOops();
  const body = useRef<HTMLDivElement>(null);

  const lines = useMemo(() => answerableLines(order.det), [order.det]);
  const lineNumbers = useMemo(() => lines.map((l) => l.lineNumber), [lines]);
  const label = documentLabel({ xdocTypeCode: 'order', xdocSubTypeCode: isReturn ? 'return' : null });

  function change(next: ResponseForm) {
    setForm(next);
    // Once the user has tried to submit, keep the messages in step with what they fix.
    if (errors) setErrors(validateResponseForm(next, lineNumbers));
  }

  async function submit() {
    const problems = validateResponseForm(form, lineNumbers);
    setErrors(problems);
    if (problems) {
      // Bring the first message into view: the lines table may have pushed it below the fold.
      requestAnimationFrame(() => {
        const first =
          body.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? body.current?.querySelector<HTMLElement>('.field__error');
        first?.scrollIntoView({ block: 'nearest' });
        first?.focus();
      });
      return;
    }
    setSubmitting(true);
    try {
      const result = await api.put<RespondResult>(
        `/orders/${encodeURIComponent(order.tinyMce)}`,
        toOrderResponse(form, order, lineNumbers),
      );
      onResponded(responseOutcome(result ?? {}, () => order.docno));
    } catch (error) {
      await oops(requestErrorText(error));
    } finally {
      setSubmitting(false);
    }
  }

  async function download() {
    setDownloading(true);
    const ok = await downloadDocumentPdf(order);
    setDownloading(false);
    if (!ok) await oops(pdfUnavailable(order.docno));
  }

  const facts: Fact[] = [
    [`${label} number`, order.docno],
    ['Type', [order.xdocTypeDescr, isReturn ? null : optionLabel(ORDER_SUB_TYPES, order.xdocSubTypeCode)].filter(Boolean).join(' · ')],
    ['Order type', optionLabel(ORDER_TYPE_OPTIONS, order.orderType)],
    ...(showVendor ? [vendorFact(order)] : []),
    ['Customer', order.custaccountName],
    ['Store', [order.branchName, order.storeCode].filter(Boolean).join(' · ')],
    ['Deliver to', order.toBranchName],
    ['Order date', formatDateDashes(order.docDate)],
    [isReturn ? 'Collection date' : 'Delivery date', formatDateDashes(order.deliveryDate)],
    ['Delivery method', order.deliveryMethod],
    ['Status', documentStatusLabel(order.wfStatusCode)],
    ['Total excl. VAT', <Money key="excl" value={order.xdocTotalExcl} />],
    ['VAT', <Money key="tax" value={order.xdocTaxAmount} />],
    ['Total incl. VAT', <Money key="incl" value={order.xdocTotalIncl} />],
  ];

  return (
    <>
      <Modal
        open
        size="xl"
        title={`${label} ${order.docno}`}
        returnFocus={returnFocus}
        onOpenChange={(open) => (open || submitting ? undefined : onClose())}
        onSubmit={() => void submit()}
        footer={
          <>
            <button type="button" className="btn" onClick={download} disabled={downloading}>
              {downloading ? 'Downloading…' : 'Download PDF'}
            </button>
            <span className="toolbar__spacer" />
            <button type="button" className="btn" onClick={onClose} disabled={submitting}>
              Close
            </button>
            <button type="submit" className="btn btn--primary" disabled={submitting}>
              {submitting ? 'Submitting…' : 'Submit response'}
            </button>
          </>
        }
      >
        <div className="order-modal" ref={body}>
          {order.deliveryInstructions ? (
            <div className="order-modal__notice">
              <span>This order has delivery instructions.</span>
              <button type="button" className="btn btn--sm" onClick={() => setInstructionsOpen(true)}>
                Delivery instructions
              </button>
            </div>
          ) : null}
          <DocumentFacts facts={facts} />
          <h3 className="order-modal__heading">Lines</h3>
          <DocumentLines lines={order.det} kind="order" showBranch={order.isJab} />
          <OrderResponseForm
            form={form}
            errors={errors}
            onChange={change}
            lines={lines}
            perLineAllowed={canRespondPerLine(order.det)}
            reasons={reasonsFor(isReturn)}
            disabled={submitting}
          />
        </div>
      </Modal>
      <NoticeModal open={instructionsOpen} onOpenChange={setInstructionsOpen} title="Delivery instructions" closeLabel="Close">
        <p className="order-modal__instructions">{order.deliveryInstructions}</p>
      </NoticeModal>
      {dialog}
    </>
  );
}

'use client';

import { useMemo, useRef, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { NoticeModal } from '@/components/ui/notice-modal';
import { useOops } from '@/components/ui/use-oops';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { DELIVERY_NOTE_NUMBER_REQUIRED } from '@/lib/domain/invoicing/schemas';
import type { SubmittedDocument } from '@/lib/domain/invoicing/submit-once';
import { BranchSelect, DateField, FileField, LeadCells, QuantityCell, useOrderHistory } from './form-fields';
import { detOf, invoiceDateWindow, nothingRemains } from './invoice-form';
import { newIdempotencyKey, submitForm } from './submit-form';

export interface DeliveryNoteModalProps {
  order: XdocDetail;
  returnFocus?: () => HTMLElement | null | undefined;
  onClose: () => void;
  onSubmitted: (result: SubmittedDocument) => void;
}

/** Spec §8: what the info popup of the delivery-note window says. */
export const DELIVERY_NOTE_INFO = 'This section is for suppliers wishing to submit a delivery note before an invoice.';

/** The delivery-note window (spec §4): the number, the date, what is delivered per line, an attached file. */
export function DeliveryNoteModal({ order, returnFocus, onClose, onSubmitted }: DeliveryNoteModalProps) {
  const [branch, setBranch] = useState('');
  const [number, setNumber] = useState('');
  const window45 = useMemo(() => invoiceDateWindow(), []);
  const [date, setDate] = useState(window45.max);
  const [file, setFile] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { oops, dialog: oopsDialog } = useOops();
  const { history, rows, update } = useOrderHistory(order, 'deliverynote', oops, onClose);

  const shown = rows.filter((r) => !order.isJab || r.deliveryAddressCode === branch);
  const ready = history !== null && (!order.isJab || branch !== '');

  async function submit() {
    if (
      nothingRemains(shown) &&
      !(await confirm({ title: 'Order is fully delivered. Do you want to proceed?', confirmLabel: 'Yes', cancelLabel: 'No' }))
    )
      return;
    if (!number.trim()) return oops(DELIVERY_NOTE_NUMBER_REQUIRED);
    setSubmitting(true);
    const fields = {
      tinyMce: order.tinyMce,
      docno: order.docno,
      deliverynoteNumber: number.trim(),
      xdocDeliverynoteDate: date,
      deliveryAddressCode: branch,
      det: detOf(shown, 'deliverynote'),
    };
    const outcome = await submitForm('/deliverynotes', fields, file, key.current);
    setSubmitting(false);
    if (outcome.ok) return onSubmitted(outcome.document);
    await oops(outcome.message);
    onClose();
  }

  return (
    <>
      <Modal
        open
        size="lg"
        title={`Delivery note for order ${order.docno}`}
        returnFocus={returnFocus}
        onOpenChange={(open) => (open || submitting ? undefined : onClose())}
        onSubmit={() => void submit()}
        footer={
          <>
            <button type="button" className="btn btn--sm" onClick={() => setInfoOpen(true)}>
              About delivery notes
            </button>
            <span className="toolbar__spacer" />
            <button type="button" className="btn" onClick={onClose} disabled={submitting}>
              Close
            </button>
            {ready ? (
              <button type="submit" className="btn btn--primary" disabled={submitting}>
                {submitting ? 'Submitting…' : 'Submit delivery note'}
              </button>
            ) : null}
          </>
        }
      >
        <div className="order-modal invoice-form">
          {order.isJab ? <BranchSelect id="dn-branch" order={order} value={branch} onChange={setBranch} /> : null}
          <div className="invoice-form__fields">
            <div className="field">
              <label className="field__label" htmlFor="dn-number">
                Delivery note number
              </label>
              <input id="dn-number" className="input" value={number} maxLength={50} onChange={(e) => setNumber(e.target.value)} />
            </div>
            <DateField id="dn-date" label="Delivery note date" min={window45.min} max={window45.max} value={date} onChange={setDate} />
            <FileField id="dn-file" label="Attach the signed delivery note (PDF or image)" onChange={setFile} />
          </div>
          {ready ? (
            // At phone width each line is a card, as in the invoice window (inbox.css, .invoice-lines).
            <div className="table-wrap doc-lines invoice-lines-wrap">
              <table className="table invoice-lines">
                <caption className="visually-hidden">Lines delivered</caption>
                <thead>
                  <tr>
                    <th>Line</th>
                    <th>Item</th>
                    <th className="num">Ordered</th>
                    <th className="num">Delivered before</th>
                    <th>Delivered now</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <tr key={row.key}>
                      <LeadCells row={row} deliveredLabel="Delivered before" />
                      <QuantityCell what="Delivered quantity" row={row} disabled={submitting} onChange={update} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      </Modal>
      <NoticeModal open={infoOpen} onOpenChange={setInfoOpen} title="Delivery notes" closeLabel="Close">
        <p>{DELIVERY_NOTE_INFO}</p>
      </NoticeModal>
      {confirmDialog}
      {oopsDialog}
    </>
  );
}

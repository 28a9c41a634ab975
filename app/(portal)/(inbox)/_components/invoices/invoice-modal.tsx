'use client';

import { useMemo, useRef, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { useOops } from '@/components/ui/use-oops';
import type { DiscrepancyReason } from '@/lib/vocabulary';
import { formatMoney } from '@/lib/format';
import { sanitizeInvoiceNumber } from '@/lib/format/numbers';
import { amountTooHigh, checkEntries, exceedsOriginal, lineField, withFieldMessage } from './invoice-checks';
import { DiscrepancyLines, ReceivedNotice } from './discrepancy-lines';
import { DiscrepancyReasonField } from './discrepancy-reason';
import { detOf, formTotals, invoiceDateWindow, nothingRemains, quantitiesChanged, suggestedReason, type FormRow } from './invoice-form';
import { InvoiceLines } from './invoice-lines';
import { RAISE_WORDS } from './raise-words';
import { BranchSelect, DateField, FieldError, FileField, invalidWhen, RefusalSummary, useOrderHistory } from './form-fields';
import { fieldMessages, newIdempotencyKey, submitForm, type RaiseDialogProps, type Refusal } from './submit-form';

const FORM_ID = 'invoice-form';

export interface InvoiceModalProps extends RaiseDialogProps {
  /** Switches to uploading the document as a UBL file instead of typing it (issue 25). */
  onUploadUbl?: () => void;
}

/**
 * The invoice (or credit-note) window of spec §2 and §4, and the discrepancy window for an order the
 * retailer's goods receipt (aux.grv) counted differently: delivery note typed or picked, invoice date
 * within the window, invoice number, editable lines with the three-way match and live totals, the
 * agreement checkbox and an attached file. It is a form: Enter in a field submits it. A refusal (the
 * server's, or every field left empty or amount too high, all at once) is announced at the top without
 * taking focus and shown beside each field it concerns; the window keeps everything typed, so correcting
 * it and submitting again (Enter again) sends the same Idempotency-Key.
 */
export function InvoiceModal({ order, isCredit, returnFocus, onClose, onSubmitted, onUploadUbl }: InvoiceModalProps) {
  const [branch, setBranch] = useState('');
  const [typedNote, setTypedNote] = useState('');
  const [pickedNote, setPickedNote] = useState('');
  const window45 = useMemo(() => invoiceDateWindow(), []);
  const [invoiceDate, setInvoiceDate] = useState(window45.max);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState<DiscrepancyReason | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const key = useRef(newIdempotencyKey());
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { oops, dialog: oopsDialog } = useOops();
  const mode = isCredit ? 'credit' : 'invoice';
  const words = RAISE_WORDS[mode];
  const { history, rows, update } = useOrderHistory(order, mode, oops, onClose);

  const shown = order.isJab ? rows.filter((r) => r.deliveryAddressCode === branch) : rows;
  const isDiscrepancy = shown.some((r) => r.received !== null);
  const totals = formTotals(shown);
  const label = !isCredit && isDiscrepancy ? 'Discrepancy' : words.document;

  /**
   * Spec §5: an amount more than 0.05 above the original is set back to the original, and the message
   * stays beside it (announced by the summary) instead of an alert that takes focus.
   */
  function checkAmount(row: FormRow) {
    if (!exceedsOriginal(row)) return;
    update(row.key, { amount: row.originalAmount! });
    setRefusal((r) => withFieldMessage(r, lineField(shown.indexOf(row), 'amount'), amountTooHigh(row.originalAmount!)));
  }

  async function submit() {
    if (submitting || !agreed) return;
    const ask = (text: string) => confirm({ title: text, confirmLabel: 'Yes', cancelLabel: 'No' });
    if (nothingRemains(shown) && !(await ask(words.fullyTaken))) return;
    const refused = checkEntries({ typedNote, pickedNote, invoiceNumber, isDiscrepancy, reason, rows: shown }, words);
    setRefusal(refused);
    if (refused) return;
    const toFollow = quantitiesChanged(shown) && (await ask(words.toFollow)) ? '1' : '0';
    setSubmitting(true);
    const fields = {
      tinyMce: order.tinyMce,
      docno: order.docno,
      invoiceNumber,
      xdocInvoicedate: invoiceDate,
      deliverynoteNumber: typedNote.trim(),
      selectDeliverynoteNumber: pickedNote,
      toFollow,
      deliveryAddressCode: branch,
      reasonCode: isDiscrepancy ? reason : '',
      det: detOf(shown, mode),
    };
    const outcome = await submitForm('/invoices', fields, file, key.current);
    setSubmitting(false);
    if (outcome.ok) return onSubmitted(outcome.document);
    setRefusal(outcome);
  }

  const notes = history?.xdocs ?? [];
  const noteErrors = fieldMessages(refusal, 'deliverynoteNumber', 'selectDeliverynoteNumber');
  const numberErrors = fieldMessages(refusal, 'invoiceNumber');
  const ready = history !== null && (!order.isJab || branch !== '');
  const lineProps = {
    rows: shown,
    disabled: submitting,
    onChange: update,
    onAmountDone: checkAmount,
    errorsOf: (row: FormRow, field: 'qty' | 'amount' | 'taxPercent') => fieldMessages(refusal, lineField(shown.indexOf(row), field)),
  };

  return (
    <>
      <Modal
        open
        size="xl"
        title={`${label} for ${words.order} ${order.docno}`}
        returnFocus={returnFocus}
        onOpenChange={(open) => (open || submitting ? undefined : onClose())}
        footer={
          <>
            <span className="muted">
              Total {formatMoney(totals.excl)} excl. VAT · VAT {formatMoney(totals.tax)} · <strong>{formatMoney(totals.incl)}</strong>
            </span>
            <span className="toolbar__spacer" />
            {onUploadUbl ? (
              <button type="button" className="btn" onClick={onUploadUbl} disabled={submitting}>
                Upload UBL file instead
              </button>
            ) : null}
            <button type="button" className="btn" onClick={onClose} disabled={submitting}>
              Close
            </button>
            {ready ? (
              <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={submitting || !agreed}>
                {submitting ? 'Submitting…' : `Submit ${label.toLowerCase()}`}
              </button>
            ) : null}
          </>
        }
      >
        <form
          id={FORM_ID}
          className="order-modal invoice-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <RefusalSummary message={refusal?.message ?? null} />
          {history === null ? <p className="muted">{words.loading}</p> : null}
          {order.isJab ? <BranchSelect id="invoice-branch" order={order} value={branch} onChange={setBranch} /> : null}
          <div className="invoice-form__fields">
            <div className="field">
              <label className="field__label" htmlFor="invoice-dn-typed">
                {words.referenceLabel}
              </label>
              <input
                id="invoice-dn-typed"
                className="input"
                value={typedNote}
                disabled={pickedNote !== ''}
                onChange={(e) => setTypedNote(e.target.value)}
                {...invalidWhen('invoice-dn-typed', noteErrors)}
              />
              <FieldError id="invoice-dn-typed" messages={noteErrors} />
            </div>
            {words.pick ? (
              <div className="field">
                <label className="field__label" htmlFor="invoice-dn-picked">
                  {words.pick.label}
                </label>
                <select id="invoice-dn-picked" className="select" value={pickedNote} onChange={(e) => setPickedNote(e.target.value)}>
                  <option value="">{notes.length ? 'None picked' : words.pick.noneYet}</option>
                  {notes.map((n) => (
                    <option key={n.tinyMce} value={n.deliverynoteNumber ?? n.docno}>
                      {n.deliverynoteNumber ?? n.docno}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <DateField
              id="invoice-date"
              label={words.dateLabel}
              min={window45.min}
              max={window45.max}
              value={invoiceDate}
              onChange={setInvoiceDate}
              errors={fieldMessages(refusal, 'xdocInvoicedate')}
            />
            <div className="field">
              <label className="field__label" htmlFor="invoice-number">
                {words.numberLabel}
              </label>
              <input
                id="invoice-number"
                className="input"
                value={invoiceNumber}
                maxLength={15}
                onChange={(e) => setInvoiceNumber(sanitizeInvoiceNumber(e.target.value))}
                {...invalidWhen('invoice-number', numberErrors)}
              />
              <FieldError id="invoice-number" messages={numberErrors} />
            </div>
          </div>
          {ready && isDiscrepancy ? (
            <>
              <ReceivedNotice rows={shown} />
              <DiscrepancyLines {...lineProps} />
              <DiscrepancyReasonField
                value={reason}
                suggested={suggestedReason(shown)}
                disabled={submitting}
                errors={fieldMessages(refusal, 'reasonCode')}
                onChange={(chosen) => {
                  setReason(chosen);
                  if (refusal?.errors.reasonCode) setRefusal(null);
                }}
              />
            </>
          ) : ready ? (
            <InvoiceLines {...lineProps} words={words} />
          ) : null}
          <div className="invoice-form__fields">
            <FileField id="invoice-file" label="Attach the signed document (PDF or image)" onChange={setFile} />
            <label className="choice">
              <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> I confirm that this{' '}
              {label.toLowerCase()} is correct and agree to submit it
            </label>
          </div>
        </form>
      </Modal>
      {confirmDialog}
      {oopsDialog}
    </>
  );
}

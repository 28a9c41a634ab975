'use client';

import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Money } from '@/components/ui/money';
import { api } from '@/lib/client/api';
import type { SubmittedDocument } from '@/lib/domain/invoicing/submit-once';
import type { UblPreview } from '@/lib/domain/invoicing/upload-ubl';
import { formatMoney } from '@/lib/format';
import { branchesOf } from './invoice-form';
import { RAISE_WORDS, type RaiseWords } from './raise-words';
import { newIdempotencyKey, refusalOf, type RaiseDialogProps } from './submit-form';
import { UblProblems, type Problem } from './ubl-problems';

export type UblUploadDialogProps = RaiseDialogProps;

type Answer = { preview: UblPreview } | { document: SubmittedDocument } | { message: string; problems: Problem[] };

/** A refusal's words and its errors keyed by the file's field (422), as problems to list. */
function problemsOf(error: unknown): { message: string; problems: Problem[] } {
  const { message, errors } = refusalOf(error);
  const problems = Object.entries(errors).flatMap(([field, messages]) => messages.map((text) => ({ field, message: text })));
  return { message, problems };
}

/** POST /invoices/ubl (docs/api.md): the preview (200, nothing stored) or the submission (201, once per key). */
async function send(fields: Record<string, string>, file: File, key?: string): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append('file', file, file.name);
  try {
    const response = await api.raw('POST', '/invoices/ubl', form, undefined, key ? { 'Idempotency-Key': key } : undefined);
    const body: unknown = await response.json();
    if (key && response.status === 201) return { document: body as SubmittedDocument };
    if (!key && response.status === 200) return { preview: body as UblPreview };
    return { message: `Unexpected answer (status ${response.status}).`, problems: [] };
  } catch (error) {
    return problemsOf(error);
  }
}

/**
 * The invoice form's alternative for a supplier whose ERP writes UBL (issue 25): pick the file, see what
 * the portal read from it and every problem by line, field and rule, then submit it through the same path
 * and Idempotency-Key as the form. A refusal keeps the window open with the server's words.
 */
export function UblUploadDialog({ order, isCredit, returnFocus, onClose, onSubmitted }: UblUploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [branch, setBranch] = useState('');
  const [toFollow, setToFollow] = useState(false);
  const [preview, setPreview] = useState<UblPreview | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: Problem[] } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'submit' | null>(null);
  const key = useRef(newIdempotencyKey());
  const asked = useRef(0);
  const what = isCredit ? 'credit note' : 'invoice';
  const fields = (follow: boolean, code: string) => ({
    tinyMce: order.tinyMce,
    toFollow: follow ? '1' : '0',
    deliveryAddressCode: code,
  });

  /** Asks for the preview of this file and branch; only the latest question's answer is shown. */
  async function check(picked: File | null, code: string) {
    setPreview(null);
    setRefusal(null);
    if (!picked) return;
    const ask = ++asked.current;
    setBusy('preview');
    const answer = await send({ ...fields(toFollow, code), preview: '1' }, picked);
    if (ask !== asked.current) return;
    setBusy(null);
    if ('preview' in answer) setPreview(answer.preview);
    else if ('message' in answer) setRefusal(answer);
  }

  async function submit() {
    if (!file || !preview?.canSubmit) return;
    setBusy('submit');
    setRefusal(null);
    const answer = await send(fields(toFollow, branch), file, key.current);
    setBusy(null);
    if ('document' in answer) return onSubmitted(answer.document);
    if ('message' in answer) setRefusal(answer);
  }

  const problems = refusal?.problems.length ? refusal.problems : (preview?.problems ?? []);
  return (
    <Modal
      open
      size="lg"
      className="ubl-dialog"
      title={`Upload a UBL ${what} for ${isCredit ? 'return order' : 'order'} ${order.docno}`}
      returnFocus={returnFocus}
      onOpenChange={(open) => (open || busy === 'submit' ? undefined : onClose())}
      footer={
        <>
          {preview ? (
            <span className="muted ubl-dialog__sum">
              Total {formatMoney(preview.totals.excl)} excl. VAT · VAT {formatMoney(preview.totals.tax)} ·{' '}
              <strong>{formatMoney(preview.totals.incl)}</strong>
            </span>
          ) : null}
          <span className="toolbar__spacer" />
          <button type="button" className="btn" onClick={onClose} disabled={busy === 'submit'}>
            Close
          </button>
          <button type="button" className="btn btn--primary" onClick={submit} disabled={busy !== null || !preview?.canSubmit}>
            {busy === 'submit' ? 'Submitting…' : `Submit ${what}`}
          </button>
        </>
      }
    >
      <div className="order-modal ubl-dialog__body">
        <p className="muted">
          Choose the UBL 2.1 {isCredit ? 'CreditNote' : 'Invoice'} XML your system made for this order (at most 5 MB). The portal shows what
          it read and anything to fix before you submit it.
        </p>
        <div className="invoice-form__fields">
          <div className="field">
            <label className="field__label" htmlFor="ubl-file">
              UBL file (XML)
            </label>
            <input
              id="ubl-file"
              type="file"
              className="input"
              accept=".xml,application/xml,text/xml"
              disabled={busy === 'submit'}
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                setFile(picked);
                void check(picked, branch);
              }}
            />
          </div>
          {order.isJab ? (
            <div className="field">
              <label className="field__label" htmlFor="ubl-branch">
                Branch (delivery address)
              </label>
              <select
                id="ubl-branch"
                className="select"
                value={branch}
                disabled={busy === 'submit'}
                onChange={(e) => {
                  setBranch(e.target.value);
                  void check(file, e.target.value);
                }}
              >
                <option value="">As the file says (Delivery/DeliveryLocation/ID)</option>
                {branchesOf(order).map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name} ({b.code})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <label className="choice">
            <input type="checkbox" checked={toFollow} disabled={busy === 'submit'} onChange={(e) => setToFollow(e.target.checked)} /> Other{' '}
            {what}s will follow on this order
          </label>
        </div>
        <div aria-live="polite">
          {busy === 'preview' ? <p className="muted">Reading the file…</p> : null}
          {refusal ? (
            <p className="alert alert--error" role="alert">
              {refusal.message}
            </p>
          ) : null}
          {preview ? (
            <p className={`alert ${preview.canSubmit ? 'alert--success' : 'alert--error'}`}>
              {preview.canSubmit
                ? `The file can be submitted as ${what} ${preview.invoiceNumber}.`
                : `The file cannot be submitted yet: fix ${problems.length === 1 ? 'the problem' : `the ${problems.length} problems`} below in your system and upload it again.`}
            </p>
          ) : null}
        </div>
        <UblProblems problems={problems} />
        {preview ? <PreviewDetails preview={preview} words={RAISE_WORDS[isCredit ? 'credit' : 'invoice']} /> : null}
      </div>
    </Modal>
  );
}

/** What will be submitted: the document's numbers and dates, then its lines as the portal recomputed them. */
function PreviewDetails({ preview, words }: { preview: UblPreview; words: RaiseWords }) {
  return (
    <>
      <dl className="ubl-dialog__facts">
        <div>
          <dt>{words.numberLabel}</dt>
          <dd>{preview.invoiceNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>{words.dateLabel}</dt>
          <dd>{preview.xdocInvoicedate ?? '—'}</dd>
        </div>
        <div>
          <dt>{words.referenceLabel}</dt>
          <dd>{preview.deliverynoteNumber ?? '—'}</dd>
        </div>
        {preview.deliveryAddressCode ? (
          <div>
            <dt>Branch</dt>
            <dd>{preview.deliveryAddressCode}</dd>
          </div>
        ) : null}
      </dl>
      <div className="table-wrap doc-lines">
        <table className="table ubl-lines">
          <caption className="visually-hidden">Lines that will be submitted</caption>
          <thead>
            <tr>
              <th>Line</th>
              <th>Item</th>
              <th className="num">Quantity</th>
              <th className="num">Price</th>
              <th className="num">VAT %</th>
              <th className="num">Excl. VAT</th>
              <th className="num">VAT</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => (
              <tr key={line.position} data-line={line.lineNumber}>
                <td data-label="Line">{line.lineNumber}</td>
                <td data-label="Item">
                  <span>
                    {line.catalogueCode} <span className="muted">{line.descr}</span>
                  </span>
                </td>
                <td data-label="Quantity" className="num">
                  {line.qty}
                </td>
                <td data-label="Price" className="num">
                  <Money value={line.amount} />
                </td>
                <td data-label="VAT %" className="num">
                  {line.taxPercent}
                </td>
                <td data-label="Excl. VAT" className="num">
                  <Money value={line.excl} />
                </td>
                <td data-label="VAT" className="num">
                  <Money value={line.taxAmount} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Totals
              </th>
              <td data-label="Excl. VAT" className="num">
                <Money value={preview.totals.excl} />
              </td>
              <td data-label="VAT" className="num">
                <Money value={preview.totals.tax} />
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Total incl. VAT
              </th>
              <td data-label="Total incl. VAT" className="num" colSpan={2}>
                <strong>
                  <Money value={preview.totals.incl} />
                </strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

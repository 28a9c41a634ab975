'use client';

import { useEffect, useState } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import { requestErrorText } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import type { XdocDetail } from '@/lib/domain/documents/queries';
import { sanitizeQuantity } from '@/lib/format/numbers';
import { branchesOf, formRows, type FormMode, type FormRow, type OrderHistory } from './invoice-form';

/** The pieces the invoice and delivery-note windows share. */

/** Loads the order's deliveries and invoices once per window (GET /invoices); a failure is told, then the window closes. */
export function useOrderHistory(order: XdocDetail, mode: FormMode, fail: (text: string) => Promise<void>, onClose: () => void) {
  const [history, setHistory] = useState<OrderHistory | null>(null);
  const [rows, setRows] = useState<FormRow[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<OrderHistory>('/invoices', { orderno: order.docno, tinymce: order.tinyMce })
      .then((found) => {
        if (!live) return;
        setHistory(found);
        setRows(formRows(order, found, mode));
      })
      .catch(async (error: unknown) => {
        if (!live) return;
        await fail(requestErrorText(error));
        onClose();
      });
    return () => {
      live = false;
    };
    // Once per window.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const update = (key: string, change: Partial<FormRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return { history, rows, update };
}

/** Spec §5: a multi-branch order's branch must be chosen before the submit button appears. */
export function BranchSelect({
  id,
  order,
  value,
  onChange,
}: {
  id: string;
  order: XdocDetail;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Branch (delivery address)
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose the branch…</option>
        {branchesOf(order).map((b) => (
          <option key={b.code} value={b.code}>
            {b.name} ({b.code})
          </option>
        ))}
      </select>
      <p className="field__hint">A multi-branch order is handled per branch: choose one to submit.</p>
    </div>
  );
}

/** The invoice date: a picker showing yyyy-mm-dd, limited to the window (spec §5: 45 days back to today). */
export function DateField(props: {
  id: string;
  label: string;
  min: string;
  max: string;
  value: string;
  onChange: (value: string) => void;
  /** What a refusal said of this field, shown beneath it. */
  errors?: string[];
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <DatePicker
        id={props.id}
        format="invoice"
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={props.onChange}
        {...invalidWhen(props.id, props.errors)}
      />
      <FieldError id={props.id} messages={props.errors} />
    </div>
  );
}

const errorId = (fieldId: string) => `${fieldId}-error`;

/** A field's input marked invalid and described by its message, when a refusal concerns it. */
export function invalidWhen(fieldId: string, messages: string[] = []) {
  return messages.length ? { 'aria-invalid': true, 'aria-describedby': errorId(fieldId) } : {};
}

/**
 * A refusal's words beside the field they concern. Not an alert of its own: the form's summary
 * (RefusalSummary) is announced once, and each input points at its message (aria-describedby).
 */
export function FieldError({ id, messages = [] }: { id: string; messages?: string[] }) {
  if (!messages.length) return null;
  return (
    <p id={errorId(id)} className="field__error">
      {messages.join(' ')}
    </p>
  );
}

/**
 * A refusal at the top of a form, announced without taking focus (so Enter in a field still submits
 * again); the form and what was typed stay as they were.
 */
export function RefusalSummary({ message }: { message: string | null }) {
  return (
    <p className="form-refusal" role="alert">
      {message}
    </p>
  );
}

/** The attached scan: a PDF or an image (the server checks what it really is). */
export function FileField({ id, label, onChange }: { id: string; label: string; onChange: (file: File | null) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
    </div>
  );
}

/**
 * A number input of a line (quantity, amount, tax percent), named for screen readers by what and which
 * line, with what a refusal said of it beneath it.
 */
export function LineInput(props: {
  what: string;
  row: FormRow;
  value: string;
  disabled: boolean;
  readOnly?: boolean;
  errors?: string[];
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const id = `line-${props.row.key}-${props.what}`.replace(/[^\w-]/g, '-').toLowerCase();
  return (
    <>
      <input
        id={id}
        className="input input--num"
        aria-label={`${props.what} of line ${props.row.lineNumber}`}
        inputMode="decimal"
        value={props.value}
        readOnly={props.readOnly}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        {...invalidWhen(id, props.errors)}
      />
      <FieldError id={id} messages={props.errors} />
    </>
  );
}

/**
 * The cells every lines table starts with: line, item, ordered, delivered so far (not for a credit note).
 * Each cell carries its column's name (data-label): at phone width a line is a card of labelled values
 * (inbox.css).
 */
export function LeadCells({
  row,
  withDelivered = true,
  orderedLabel = 'Ordered',
  deliveredLabel = 'Delivered',
}: {
  row: FormRow;
  withDelivered?: boolean;
  orderedLabel?: string;
  /** The delivered column's header, which labels the value when the line is a card at phone width. */
  deliveredLabel?: string;
}) {
  return (
    <>
      <td data-label="Line">{row.lineNumber}</td>
      <td data-label="Item" className="invoice-lines__item">
        {row.catalogueCode} <span className="muted">{row.descr}</span>
      </td>
      <td className="num" data-label={orderedLabel}>
        {row.ordered}
      </td>
      {withDelivered ? (
        <td className="num" data-label={deliveredLabel}>
          {row.delivered}
        </td>
      ) : null}
    </>
  );
}

/** A line's quantity as typed (spec §5: leading zeros stripped, two decimals, negative becomes 0). */
export function QuantityCell(props: {
  what: string;
  row: FormRow;
  disabled: boolean;
  onChange: (key: string, change: Partial<FormRow>) => void;
}) {
  const { what, row, disabled, onChange } = props;
  return (
    <td data-label={what}>
      <LineInput
        what={what}
        row={row}
        value={row.qty}
        disabled={disabled}
        onChange={(v) => onChange(row.key, { qty: sanitizeQuantity(v) })}
      />
    </td>
  );
}

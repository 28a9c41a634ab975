/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { XdocDetail, XdocLine } from '@/lib/domain/documents/queries';
import { fakeResponse } from '@/lib/client/test-support/fake-response';
import { InvoiceModal } from './invoice-modal';

/*
 * The invoice window against a fake API: what it sends (the multipart form and one Idempotency-Key per
 * opening, kept across a retry), the order of the spec's questions, and a refusal shown beside its field.
 */

type Sent = { method: string; url: string; headers: Headers; body: unknown };
let sent: Sent[];
let submitAnswer: { status: number; body: unknown };
/** What goods receipts (aux.grv) counted of the order: none unless a test says so. */
let receivedLines: { lineNumber: number; deliveryAddressCode: null; qty: string; deliverynoteNumber: string }[];

beforeEach(() => {
  sent = [];
  receivedLines = [];
  submitAnswer = { status: 201, body: { message: 'Invoice successfully submitted', order: { tinyMce: 'TM1', responded: true } } };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body });
    if (url.startsWith('/invoices?'))
      return fakeResponse(200, { invoicedLines: [], linkedInvoices: [], xdocs: [], deliveredLines: [], receivedLines });
    return fakeResponse(submitAnswer.status, submitAnswer.body);
  }) as typeof fetch;
});

const line = (lineNumber: number, over: Partial<XdocLine> = {}) =>
  ({
    lineNumber,
    catalogueCode: `10100${lineNumber}`,
    descr: 'Milk',
    qty: '4.00',
    originalqty: '4.00',
    amount: '10.00',
    originalamount: '10.00',
    taxPercent: '15.00',
    response: 'Confirmed',
    orderDescr: null,
    deliveryAddressCode: null,
    branchName: null,
    amountEditable: false,
    taxPercentEditable: false,
    ...over,
  }) as XdocLine;

const order = (over: Partial<XdocDetail> = {}) =>
  ({ tinyMce: 'TM1', docno: 'PO1', wfStatusCode: 'confirmed', isJab: false, det: [line(1), line(2)], ...over }) as XdocDetail;

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Delivery note number'), 'DN-1');
  await user.type(screen.getByLabelText('Invoice number'), 'inv-9');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Submit invoice' }));
}

const submissions = () => sent.filter((s) => s.method === 'POST');

describe('InvoiceModal', () => {
  it('asks whether more invoices follow when a quantity changed, and sends the form with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const onSubmitted = jest.fn();
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={onSubmitted} />);
    const quantity = await screen.findByLabelText('Quantity of line 1');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [post] = submissions();
    expect(post.url).toBe('/invoices');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    const form = post.body as FormData;
    expect(form.get('invoiceNumber')).toBe('INV-9');
    expect(form.get('deliverynoteNumber')).toBe('DN-1');
    expect(form.get('toFollow')).toBe('0');
    expect(JSON.parse(String(form.get('det')))).toEqual([
      { lineNumber: 1, deliveryAddressCode: null, qty: '3', amount: '10.00', taxPercent: '15.00' },
      { lineNumber: 2, deliveryAddressCode: null, qty: '4.00', amount: '10.00', taxPercent: '15.00' },
    ]);
  });

  it('keeps the window and what was typed on a refusal, with the message beside its field; a second try sends the same key', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const used = 'Invoice number INV-9 has already been used for vendor V0001.';
    submitAnswer = { status: 422, body: { message: used, errors: { invoiceNumber: [used] } } };
    render(<InvoiceModal order={order()} isCredit={false} onClose={onClose} onSubmitted={jest.fn()} />);
    await screen.findByLabelText('Quantity of line 1');
    await user.clear(screen.getByLabelText('Quantity of line 2'));
    await user.type(screen.getByLabelText('Quantity of line 2'), '3');
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'No' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    const number = screen.getByLabelText('Invoice number');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(used);
    expect(number).toHaveValue('INV-9');
    expect(screen.getByLabelText('Delivery note number')).toHaveValue('DN-1');
    expect(screen.getByLabelText('Quantity of line 2')).toHaveValue('3');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Submit invoice' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(submissions()).toHaveLength(2));
    const [first, second] = submissions();
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });

  it('asks for a delivery note number before anything is sent', async () => {
    const user = userEvent.setup();
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={jest.fn()} />);
    await screen.findByLabelText('Quantity of line 1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit invoice' }));
    const required = 'Please capture a delivery note number or select a delivery note from the dropdown.';
    expect(await screen.findByRole('alert')).toHaveTextContent(required);
    expect(screen.getByLabelText('Delivery note number')).toHaveAccessibleDescription(required);
    expect(submissions()).toEqual([]);
  });

  it('names every missing field at once beside it, takes no focus, and is a form its submit button belongs to (issue 26)', async () => {
    const user = userEvent.setup();
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={jest.fn()} />);
    await screen.findByLabelText('Quantity of line 1');
    const note = screen.getByLabelText('Delivery note number');
    const submit = screen.getByRole('button', { name: 'Submit invoice' });
    // Enter in any field submits: the button is the form's own submit button (the browser's implicit submission).
    expect(submit).toHaveAttribute('type', 'submit');
    expect((submit as HTMLButtonElement).form).toBe((note as HTMLInputElement).form);
    await user.click(screen.getByRole('checkbox'));
    await user.click(note);
    fireEvent.submit((note as HTMLInputElement).form!);
    const noteRequired = 'Please capture a delivery note number or select a delivery note from the dropdown.';
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(noteRequired);
    expect(alert).toHaveTextContent('Please capture an invoice number.');
    expect(note).toHaveAccessibleDescription(noteRequired);
    expect(screen.getByLabelText('Invoice number')).toHaveAccessibleDescription('Please capture an invoice number.');
    expect(note).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(submissions()).toEqual([]);
  });

  it('sets an amount above the order’s back and says so beside it, without a dialog (issue 26)', async () => {
    const user = userEvent.setup();
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={jest.fn()} />);
    const amount = await screen.findByLabelText('Amount of line 2');
    await user.clear(amount);
    await user.type(amount, '10.10');
    await user.tab();
    const message = 'Amount cannot exceed original order amount of 10.00';
    expect(amount).toHaveValue('10.00');
    expect(amount).toHaveAccessibleDescription(message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('words a credit note for a return order as one: returned and credited, a return note, no deliveries (issue 27)', async () => {
    const user = userEvent.setup();
    const onSubmitted = jest.fn();
    const returnOrder = order({ docno: 'RO1', xdocSubTypeCode: 'return' });
    render(<InvoiceModal order={returnOrder} isCredit onClose={jest.fn()} onSubmitted={onSubmitted} />);
    await screen.findByLabelText('Quantity of line 1');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Credit note for return order RO1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Line', 'Item', 'Returned', 'Credited', 'Quantity', 'Amount', 'Tax %', 'Total', 'Match']);
    expect(screen.getByLabelText('Credit note date')).toBeInTheDocument();
    expect(screen.queryByLabelText(/delivery note/i)).toBeNull();
    expect(screen.queryByText(/invoice/i)).toBeNull();

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit credit note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please capture the return note number of the returned goods.');
    await user.type(screen.getByLabelText('Return note number'), 'RN-7');
    await user.click(screen.getByRole('button', { name: 'Submit credit note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please capture a credit note number.');
    await user.type(screen.getByLabelText('Credit note number'), 'cn-1');
    const quantity = screen.getByLabelText('Quantity of line 1');
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(screen.getByText('More than the 4.00 left to credit')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Submit credit note' }));
    expect(await screen.findByText('Are there any other credit notes to follow on this return order?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const form = submissions()[0].body as FormData;
    expect([form.get('invoiceNumber'), form.get('deliverynoteNumber')]).toEqual(['CN-1', 'RN-7']);
  });

  it('opens the discrepancy window for an order a goods receipt counted: received filled in, a reason in words required and sent', async () => {
    const user = userEvent.setup();
    const onSubmitted = jest.fn();
    receivedLines = [
      { lineNumber: 1, deliveryAddressCode: null, qty: '3.00', deliverynoteNumber: 'GRV1' },
      { lineNumber: 2, deliveryAddressCode: null, qty: '4.00', deliverynoteNumber: 'GRV1' },
    ];
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={onSubmitted} />);
    expect(await screen.findByLabelText('Quantity of line 1')).toHaveValue('3.00');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Discrepancy for order PO1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(2, 4)).toEqual(['Ordered', 'Received']);
    expect(screen.getByRole('note')).toHaveTextContent('counted 3.00 of 4.00 on line 1');
    const reasons = screen.getByRole('group', { name: 'Reason for the discrepancy' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Quantity difference', 'Price difference', 'Quantity and price']);

    await user.type(screen.getByLabelText('Delivery note number'), 'DN-1');
    await user.type(screen.getByLabelText('Invoice number'), 'inv-9');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit discrepancy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose the reason for the discrepancy.');
    expect(reasons).toHaveAccessibleDescription('Please choose the reason for the discrepancy.');
    expect(submissions()).toEqual([]);

    await user.click(within(reasons).getByRole('radio', { name: 'Quantity difference' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Submit discrepancy' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const form = submissions()[0].body as FormData;
    expect(form.get('reasonCode')).toBe('A');
    expect(JSON.parse(String(form.get('det'))).map((l: { qty: string }) => l.qty)).toEqual(['3.00', '4.00']);
  });

  it('sends no reason with a plain invoice', async () => {
    const user = userEvent.setup();
    render(<InvoiceModal order={order()} isCredit={false} onClose={jest.fn()} onSubmitted={jest.fn()} />);
    await screen.findByLabelText('Quantity of line 1');
    expect(screen.queryByRole('group', { name: 'Reason for the discrepancy' })).toBeNull();
    await fillAndSubmit(user);
    await waitFor(() => expect(submissions()).toHaveLength(1));
    expect((submissions()[0].body as FormData).has('reasonCode')).toBe(false);
  });
});

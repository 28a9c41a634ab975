import { DELIVERY_NOTE_REQUIRED, DISCREPANCY_REASON_REQUIRED, INVOICE_NUMBER_REQUIRED } from '@/lib/domain/invoicing/schemas';
import { checkEntries, withFieldMessage, type InvoiceEntries } from './invoice-checks';
import type { FormRow } from './invoice-form';
import { RAISE_WORDS } from './raise-words';

const row = (over: Partial<FormRow> = {}): FormRow => ({
  key: '1:',
  lineNumber: 1,
  deliveryAddressCode: null,
  branchName: null,
  catalogueCode: '101001',
  descr: 'Milk',
  ordered: '10.00',
  delivered: '10.00',
  received: null,
  invoiced: '0.00',
  remaining: '10.00',
  qty: '10.00',
  amount: '40.00',
  originalAmount: '40.00',
  taxPercent: '15.00',
  amountEditable: true,
  taxPercentEditable: false,
  ...over,
});

const entries = (over: Partial<InvoiceEntries> = {}): InvoiceEntries => ({
  typedNote: 'DN-1',
  pickedNote: '',
  invoiceNumber: 'INV-1',
  isDiscrepancy: false,
  reason: '',
  rows: [row()],
  ...over,
});

describe('the invoice window’s own checks', () => {
  it('passes what can be sent', () => {
    expect(checkEntries(entries(), RAISE_WORDS.invoice)).toBeNull();
    expect(checkEntries(entries({ typedNote: '', pickedNote: 'DN-9' }), RAISE_WORDS.invoice)).toBeNull();
  });

  it('names every field left empty and every amount too high at once, under the server’s names', () => {
    const rows = [row(), row({ key: '2:', lineNumber: 2, amount: '40.10' })];
    const refusal = checkEntries(entries({ typedNote: ' ', invoiceNumber: '', isDiscrepancy: true, rows }), RAISE_WORDS.invoice);
    expect(refusal?.errors).toEqual({
      deliverynoteNumber: [DELIVERY_NOTE_REQUIRED],
      invoiceNumber: [INVOICE_NUMBER_REQUIRED],
      reasonCode: [DISCREPANCY_REASON_REQUIRED],
      'det.1.amount': ['Amount cannot exceed original order amount of 40.00'],
    });
    for (const message of Object.values(refusal!.errors).flat()) expect(refusal!.message).toContain(message);
  });

  it('accepts an amount within 0.05 of the order’s', () => {
    expect(checkEntries(entries({ rows: [row({ amount: '40.05' })] }), RAISE_WORDS.invoice)).toBeNull();
  });

  it('adds a field’s message to a refusal, keeping the others', () => {
    const first = withFieldMessage(null, 'invoiceNumber', INVOICE_NUMBER_REQUIRED);
    const both = withFieldMessage(first, 'det.0.amount', 'too high');
    expect(both.errors).toEqual({ invoiceNumber: [INVOICE_NUMBER_REQUIRED], 'det.0.amount': ['too high'] });
    expect(both.message).toBe(`${INVOICE_NUMBER_REQUIRED} too high`);
  });
});

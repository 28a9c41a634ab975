import type { XdocDetail, XdocLine } from '@/lib/domain/documents/queries';
import {
  branchesOf,
  detOf,
  discrepancyOf,
  suggestedReason,
  formRows,
  formTotals,
  invoiceDateWindow,
  mismatchOf,
  nothingRemains,
  quantitiesChanged,
  type OrderHistory,
} from './invoice-form';

const line = (over: Partial<XdocLine>): XdocLine => ({
  lineNumber: 1,
  catalogueCode: '101001',
  descr: 'Milk',
  qty: '10.00',
  originalqty: '10.00',
  qtyDelivered: null,
  deliveredQty: '0.00',
  amount: '25.00',
  originalamount: '25.00',
  taxPercent: '15.00',
  taxAmount: null,
  response: 'Confirmed',
  reason: null,
  supplierRef: null,
  orderDescr: null,
  deliveryAddressCode: null,
  branchName: null,
  invoiceNumber: null,
  amountEditable: false,
  taxPercentEditable: false,
  ...over,
});

const order = (det: XdocLine[], over: Partial<XdocDetail> = {}) =>
  ({ det, wfStatusCode: 'confirmed', isJab: false, ...over }) as XdocDetail;
const NO_HISTORY: OrderHistory = { invoicedLines: [], linkedInvoices: [], xdocs: [], deliveredLines: [], receivedLines: [] };

describe('the invoice form', () => {
  it('offers what remains of each line, skipping cancelled lines and the Rejected lines of a mixed order', () => {
    const det = [
      line({}),
      line({ lineNumber: 2, response: 'Rejected' }),
      line({ lineNumber: 3, orderDescr: 'cancelled' }),
      line({ lineNumber: 4, originalqty: '5.00' }),
    ];
    const history = {
      ...NO_HISTORY,
      invoicedLines: [{ lineNumber: 4, deliveryAddressCode: null, qty: '2', amount: '25', taxPercent: '15', invoiceNumber: 'X' }],
    };
    const rows = formRows(order(det, { wfStatusCode: 'mixed' }), history, 'invoice');
    expect(rows.map((r) => [r.lineNumber, r.remaining, r.qty, r.invoiced])).toEqual([
      [1, '10.00', '10.00', '0.00'],
      [4, '3.00', '3.00', '2.00'],
    ]);
    expect(quantitiesChanged(rows)).toBe(false);
    expect(quantitiesChanged([{ ...rows[0], qty: '8' }, rows[1]])).toBe(true);
    expect(nothingRemains(rows)).toBe(false);
  });

  it('computes the totals as quantity × amount plus tax per line, to the cent', () => {
    const rows = formRows(
      order([line({}), line({ lineNumber: 2, amount: '99.90', originalamount: '99.90', originalqty: '4.00' })]),
      NO_HISTORY,
      'invoice',
    );
    expect(formTotals([{ ...rows[0], qty: '8' }, rows[1]])).toEqual({ excl: '599.60', tax: '89.94', incl: '689.54' });
  });

  it('flags a line invoiced beyond what was delivered, or received short (the three-way match)', () => {
    const history = { ...NO_HISTORY, deliveredLines: [{ lineNumber: 1, deliveryAddressCode: null, qty: '6', deliverynoteNumber: 'DN1' }] };
    const [row] = formRows(order([line({})]), history, 'invoice');
    expect(mismatchOf(row)).toBe('Invoiced 10.00 but delivered 6.00');
    expect(mismatchOf({ ...row, qty: '6' })).toBeNull();
    const received = { ...NO_HISTORY, receivedLines: [{ lineNumber: 1, deliveryAddressCode: null, qty: '8', deliverynoteNumber: 'GRV1' }] };
    const [short] = formRows(order([line({})]), received, 'invoice');
    expect(discrepancyOf(short)).toBe('A');
    expect(discrepancyOf({ ...short, amount: '24.00' })).toBe('C');
    expect(discrepancyOf({ ...short, received: '10.00', amount: '24.00' })).toBe('B');
  });

  it('pre-fills what the goods receipt counted, less what was invoiced, and suggests the reason (the discrepancy window)', () => {
    const received = {
      ...NO_HISTORY,
      receivedLines: [
        { lineNumber: 1, deliveryAddressCode: null, qty: '8', deliverynoteNumber: 'GRV1' },
        { lineNumber: 2, deliveryAddressCode: null, qty: '4', deliverynoteNumber: 'GRV1' },
      ],
      invoicedLines: [{ lineNumber: 2, deliveryAddressCode: null, qty: '1', amount: '25', taxPercent: '15', invoiceNumber: 'X' }],
    };
    const rows = formRows(order([line({}), line({ lineNumber: 2, originalqty: '4.00' }), line({ lineNumber: 3 })]), received, 'invoice');
    expect(rows.map((r) => [r.ordered, r.received, r.qty])).toEqual([
      ['10.00', '8.00', '8.00'],
      ['4.00', '4.00', '3.00'],
      ['10.00', null, '10.00'],
    ]);
    expect(suggestedReason(rows)).toBe('A');
    expect(suggestedReason([{ ...rows[1], amount: '20.00' }])).toBe('B');
    expect(suggestedReason([rows[0], { ...rows[1], amount: '20.00' }])).toBe('C');
    expect(suggestedReason([rows[2]])).toBeNull();
  });

  it('lists a multi-branch order’s branches once each and sends det as the server reads it', () => {
    const det = [
      line({ deliveryAddressCode: 'DA001', branchName: 'Sandton' }),
      line({ lineNumber: 2, deliveryAddressCode: 'DA001', branchName: 'Sandton' }),
      line({ deliveryAddressCode: 'DA002', branchName: 'Rosebank' }),
    ];
    expect(branchesOf(order(det, { isJab: true }))).toEqual([
      { code: 'DA001', name: 'Sandton' },
      { code: 'DA002', name: 'Rosebank' },
    ]);
    const rows = formRows(order(det), NO_HISTORY, 'deliverynote');
    expect(JSON.parse(detOf(rows.slice(0, 1), 'deliverynote'))).toEqual([{ lineNumber: 1, deliveryAddressCode: 'DA001', qty: '10.00' }]);
  });

  it('limits the invoice date to the 45 days up to today', () => {
    expect(invoiceDateWindow(new Date('2026-11-24T10:00:00Z'))).toEqual({ min: '2026-10-10', max: '2026-11-24' });
    // 01:30 in South Africa is still the day before in UTC (and in a browser there): the window is South Africa's.
    expect(invoiceDateWindow(new Date('2026-11-23T23:30:00Z'))).toEqual({ min: '2026-10-10', max: '2026-11-24' });
  });
});

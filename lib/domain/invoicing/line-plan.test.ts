import { RuleViolationError } from '../errors';
import { planLines, type OrderLineState, type PlanContext } from './line-plan';
import { invoiceLineSchema } from './schemas';

const line = (over: Partial<OrderLineState> = {}): OrderLineState => ({
  lineNumber: 1,
  deliveryAddressCode: null,
  catalogueCode: '100001',
  descr: 'Item',
  originalqty: '4.00',
  amount: '10.00',
  originalamount: '10.00',
  taxPercent: '15.00',
  response: null,
  orderDescr: null,
  done: '0',
  ...over,
});

const context = (lines: OrderLineState[], over: Partial<PlanContext> = {}): PlanContext => ({
  lines,
  isMixed: false,
  branch: null,
  withPrices: true,
  verb: 'invoiced',
  ...over,
});

const det = (...rows: object[]) => rows.map((r) => invoiceLineSchema.parse(r));

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolationError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('planLines', () => {
  it('recomputes totals as quantity × amount plus tax per line, to the cent', () => {
    const plan = planLines(
      context([line(), line({ lineNumber: 2, amount: '1.11', originalamount: '1.11' })]),
      det({ lineNumber: 1, qty: '3' }, { lineNumber: 2, qty: '3.5' }),
    );
    expect(plan.lines.map((l) => [l.excl, l.taxAmount])).toEqual([
      ['30.00', '4.50'],
      ['3.89', '0.58'],
    ]);
    expect(plan.totals).toEqual({ excl: '33.89', tax: '5.08', incl: '38.97' });
  });

  it('allows an amount up to 0.05 above the original and refuses more', () => {
    expect(planLines(context([line()]), det({ lineNumber: 1, qty: '1', amount: '10.05' })).totals.excl).toBe('10.05');
    expect(refusal(() => planLines(context([line()]), det({ lineNumber: 1, qty: '1', amount: '10.06' })))).toBe(
      'Amount cannot exceed original order amount of 10.00',
    );
  });

  it('keeps the order’s tax percent; takes the supplier’s only for a line without one', () => {
    expect(planLines(context([line()]), det({ lineNumber: 1, qty: '1', taxPercent: '0' })).totals.tax).toBe('1.50');
    expect(planLines(context([line({ taxPercent: null })]), det({ lineNumber: 1, qty: '1', taxPercent: '0' })).totals.tax).toBe('0.00');
  });

  it('turns a negative quantity into 0 and refuses what goes beyond the remaining quantity', () => {
    expect(refusal(() => planLines(context([line()]), det({ lineNumber: 1, qty: '-2' })))).toBe('Enter a quantity on at least one line.');
    expect(refusal(() => planLines(context([line({ done: '3' })]), det({ lineNumber: 1, qty: '2' })))).toBe(
      'Line 1 cannot be invoiced beyond what was ordered: 1.00 of 4.00 remain.',
    );
    expect(refusal(() => planLines(context([line({ done: '4' })]), det({ lineNumber: 1, qty: '1' })))).toBe(
      'Line 1 is already fully invoiced: its quantity must be 0.',
    );
  });

  it('skips cancelled lines, and Rejected lines only in mixed orders', () => {
    const lines = [line(), line({ lineNumber: 2, response: 'Rejected' }), line({ lineNumber: 3, orderDescr: 'cancelled' })];
    const all = det({ lineNumber: 1, qty: '1' }, { lineNumber: 2, qty: '1' }, { lineNumber: 3, qty: '1' });
    expect(planLines(context(lines, { isMixed: true }), all).lines.map((l) => l.lineNumber)).toEqual([1]);
    expect(planLines(context(lines), all).lines.map((l) => l.lineNumber)).toEqual([1, 2]);
  });

  it('takes only the chosen branch’s lines of a multi-branch order', () => {
    const lines = [line({ deliveryAddressCode: 'A' }), line({ deliveryAddressCode: 'B', originalqty: '9.00' })];
    const plan = planLines(context(lines, { branch: 'B' }), det({ lineNumber: 1, qty: '9' }));
    expect(plan.lines.map((l) => [l.deliveryAddressCode, l.qty])).toEqual([['B', '9.00']]);
    expect(refusal(() => planLines(context(lines, { branch: 'B' }), det({ lineNumber: 1, qty: '1', deliveryAddressCode: 'A' })))).toBe(
      'Line 1 (A) is not on this order.',
    );
  });
});

import { RuleViolationError } from '../errors';
import { planOrderResponse, reasonProblem } from './order-response-plan';
import { orderResponseSchema } from './schemas';

const order = (lines: (string | null)[], isReturn = false) => ({
  docno: 'PO1',
  label: isReturn ? 'Return order' : 'Order',
  isReturn,
  lines: lines.map((orderDescr, i) => ({ lineNumber: i + 1, orderDescr })),
});

describe('planOrderResponse', () => {
  it('confirms every line that is not cancelled for a whole-order confirmation', () => {
    const plan = planOrderResponse(order([null, 'Cancelled', null]), { response: 'confirmed', supplierRef: 'S1' }, undefined);
    expect(plan.wfStatusCode).toBe('confirmed');
    expect(plan.header).toEqual({ response: 'confirmed', supplierRef: 'S1' });
    expect(plan.lines.map((l) => [l.lineNumber, l.response])).toEqual([
      [1, 'Confirmed'],
      [3, 'Confirmed'],
    ]);
    expect(plan.auditDescr).toBe('Order PO1 confirmed (ref S1)');
  });

  it('marks the order mixed when some lines are rejected and defaults the rest to confirmed', () => {
    const plan = planOrderResponse(order([null, null, null]), { response: 'detailResponse' }, [
      { lineNumber: 3, response: 'rejected', reason: 'other', supplierRef: 'X' },
    ]);
    expect(plan.wfStatusCode).toBe('mixed');
    expect(plan.lines.map((l) => l.response)).toEqual(['Confirmed', 'Confirmed', 'Rejected']);
  });

  it('refuses line answers on a one-line order and unknown line numbers', () => {
    expect(() => planOrderResponse(order([null]), { response: 'detailResponse' }, [])).toThrow(
      'Line-level responses are not possible for an order with one line.',
    );
    expect(() =>
      planOrderResponse(order([null, null]), { response: 'detailResponse' }, [{ lineNumber: 7, response: 'confirmed' }]),
    ).toThrow(new RuleViolationError('Line 7 does not exist on order PO1'));
  });

  it('allows collection date only on return orders and delivery date only on purchase orders', () => {
    expect(reasonProblem('collection date', true)).toBeNull();
    expect(reasonProblem('delivery date', false)).toBeNull();
    expect(reasonProblem('delivery date', true)).toBe(
      'The reason must be one of: minimum order value, collection date, discontinued/invalid item, other.',
    );
    expect(() =>
      planOrderResponse(order([null], false), { response: 'rejected', reason: 'collection date', supplierRef: 'R' }, undefined),
    ).toThrow(RuleViolationError);
  });
});

describe('orderResponseSchema', () => {
  it('needs a reason and a supplier reference for a rejection', () => {
    const result = orderResponseSchema.safeParse({ header: { response: 'rejected' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['You need to select a reason', 'You need to enter a supplier reference']);
  });

  it('normalises the reason and accepts null for absent fields', () => {
    const parsed = orderResponseSchema.parse({
      header: { response: 'rejected', reason: ' Other ', supplierRef: 'A' },
      detail: null,
      tinyMce: null,
    });
    expect(parsed.header.reason).toBe('other');
    expect(parsed.detail).toBeUndefined();
  });
});

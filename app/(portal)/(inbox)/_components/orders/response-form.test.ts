import {
  answerableLines,
  canRespondPerLine,
  CHOOSE_RESPONSE,
  EMPTY_FORM,
  toOrderResponse,
  validateRejection,
  validateResponseForm,
  type ResponseForm,
} from './response-form';

const line = (lineNumber: number, orderDescr: string | null = null) => ({
  lineNumber,
  catalogueCode: `C${lineNumber}`,
  descr: 'Item',
  orderDescr,
});
const doc = { tinyMce: 'tiny1', docno: 'PO00000001' };

describe('validateRejection', () => {
  it('needs a reason and a supplier reference', () => {
    expect(validateRejection({ reason: '', supplierRef: ' ' })).toEqual({
      reason: 'You need to select a reason',
      supplierRef: 'You need to enter a supplier reference',
    });
  });

  it('passes with both', () => {
    expect(validateRejection({ reason: 'other', supplierRef: 'REF1' })).toEqual({});
  });
});

describe('line-level answers', () => {
  it('are not offered for an order with one line, even when repeated per branch', () => {
    expect(canRespondPerLine([line(1)])).toBe(false);
    expect(canRespondPerLine([line(1), line(1)])).toBe(false);
    expect(canRespondPerLine([line(1), line(2)])).toBe(true);
  });

  it('cover each line number once and skip cancelled lines', () => {
    const lines = answerableLines([line(1), line(1), line(2, 'cancelled'), line(3)]);
    expect(lines.map((l) => l.lineNumber)).toEqual([1, 3]);
  });
});

describe('validateResponseForm', () => {
  it('asks for a response first', () => {
    expect(validateResponseForm(EMPTY_FORM, [1])).toEqual({ response: CHOOSE_RESPONSE });
  });

  it('accepts a confirmation as it is', () => {
    expect(validateResponseForm({ ...EMPTY_FORM, response: 'confirmed' }, [1])).toBeNull();
  });

  it('needs reason and reference for a whole-order rejection', () => {
    expect(validateResponseForm({ ...EMPTY_FORM, response: 'rejected', reason: 'other' }, [1])).toEqual({
      header: { supplierRef: 'You need to enter a supplier reference' },
    });
  });

  it('checks only the rejected lines of a line-level answer', () => {
    const form: ResponseForm = {
      ...EMPTY_FORM,
      response: 'detailResponse',
      lines: { 1: { response: 'rejected', reason: '', supplierRef: 'R' }, 2: { response: 'confirmed', reason: '', supplierRef: '' } },
    };
    expect(validateResponseForm(form, [1, 2, 3])).toEqual({ lines: { 1: { reason: 'You need to select a reason' } } });
  });
});

describe('toOrderResponse', () => {
  it('sends a confirmation without reason', () => {
    expect(toOrderResponse({ ...EMPTY_FORM, response: 'confirmed', reason: 'other' }, doc, [1])).toEqual({
      orderResponse: { header: { response: 'confirmed' }, tinyMce: 'tiny1', docno: 'PO00000001' },
    });
  });

  it('sends a rejection with trimmed reason and reference', () => {
    const body = toOrderResponse({ ...EMPTY_FORM, response: 'rejected', reason: 'delivery date', supplierRef: ' R9 ' }, doc, [1]);
    expect(body.orderResponse.header).toEqual({ response: 'rejected', reason: 'delivery date', supplierRef: 'R9' });
    expect(body.orderResponse.detail).toBeUndefined();
  });

  it('sends every line of a line-level answer, unanswered ones confirmed', () => {
    const form: ResponseForm = {
      ...EMPTY_FORM,
      response: 'detailResponse',
      lines: { 2: { response: 'rejected', reason: 'other', supplierRef: 'X1' } },
    };
    expect(toOrderResponse(form, doc, [1, 2]).orderResponse).toEqual({
      header: { response: 'detailResponse' },
      detail: [
        { lineNumber: 1, response: 'confirmed' },
        { lineNumber: 2, response: 'rejected', reason: 'other', supplierRef: 'X1' },
      ],
      tinyMce: 'tiny1',
      docno: 'PO00000001',
    });
  });
});

import { documentLabel, signedAmount } from './labels';

describe('document words and signed amounts', () => {
  it('names each kind once, a credit note and a return order by their sub-type', () => {
    expect(documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' })).toBe('Credit note');
    expect(documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: 'normal' })).toBe('Invoice');
    expect(documentLabel({ xdocTypeCode: 'order', xdocSubTypeCode: 'return' })).toBe('Return order');
    expect(documentLabel({ xdocTypeCode: 'aux.grv' })).toBe('Discrepancy advice');
    expect(documentLabel({ xdocTypeCode: 'something-new' })).toBe('Document');
  });

  it('makes a credit note’s amount negative and leaves everything else, and zero, as it is', () => {
    const credit = { xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' };
    expect(signedAmount(credit, '115.00')).toBe('-115.00');
    expect(signedAmount(credit, '-3.50')).toBe('3.50');
    expect(signedAmount(credit, '0.00')).toBe('0.00');
    expect(signedAmount(credit, null)).toBeNull();
    expect(signedAmount({ xdocTypeCode: 'invoice', xdocSubTypeCode: null }, '115.00')).toBe('115.00');
  });
});

import { signedAmount } from './signed-amount';

describe('signed amounts', () => {
  it('makes a credit note’s amount negative and leaves everything else, and zero, as it is', () => {
    const credit = { xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' };
    expect(signedAmount(credit, '115.00')).toBe('-115.00');
    expect(signedAmount(credit, '-3.50')).toBe('3.50');
    expect(signedAmount(credit, '0.00')).toBe('0.00');
    expect(signedAmount(credit, null)).toBeNull();
    expect(signedAmount({ xdocTypeCode: 'invoice', xdocSubTypeCode: null }, '115.00')).toBe('115.00');
  });
});

import { XDOC_SUB_TYPES, XDOC_TYPES } from '../../db/schema/documents';
import { documentLabel, isCreditNote, orderTypeLabel, sentenceCase, subTypeLabel, UNKNOWN_TYPE_WORD } from './document-types';

describe('document words', () => {
  it('names each kind once, a credit note and a return order by their sub-type', () => {
    expect(documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' })).toBe('Credit note');
    expect(documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: 'normal' })).toBe('Invoice');
    expect(documentLabel({ xdocTypeCode: 'order', xdocSubTypeCode: 'return' })).toBe('Return order');
    expect(documentLabel({ xdocTypeCode: 'order', xdocSubTypeCode: 'jab' })).toBe('Order');
    expect(documentLabel({ xdocTypeCode: 'something-new' })).toBe(UNKNOWN_TYPE_WORD);
  });

  it('calls a goods received voucher (aux.grv) by one name, whatever case or spacing the code arrives in', () => {
    expect(documentLabel({ xdocTypeCode: 'aux.grv' })).toBe('Goods received voucher');
    expect(documentLabel({ xdocTypeCode: ' AUX.GRV ' })).toBe('Goods received voucher');
    expect(isCreditNote({ xdocTypeCode: 'Invoice', xdocSubTypeCode: 'CreditNote' })).toBe(true);
  });

  it('has a word for every stored type and sub-type, none of them the code', () => {
    for (const type of XDOC_TYPES) expect(documentLabel({ xdocTypeCode: type })).not.toMatch(/^Document$|[._]/);
    for (const sub of XDOC_SUB_TYPES) expect(subTypeLabel(sub)).not.toBe(sub);
  });

  it('reads sub-types and order types as words; an unknown code as words, never camelCase or snake_case', () => {
    expect(subTypeLabel('semi direct')).toBe('Semi direct');
    expect(subTypeLabel('jab')).toBe('JAB (multi-branch)');
    expect(subTypeLabel(null)).toBe('');
    expect(orderTypeLabel('non-stock')).toBe('Non-stock');
    expect(sentenceCase('someNewThing')).toBe('Some new thing');
    expect(sentenceCase('masterdata_change')).toBe('Masterdata change');
  });
});

import {
  amountExceedsOriginal,
  clampTaxPercent,
  sanitizeAmount,
  sanitizeDecimal,
  sanitizeInvoiceNumber,
  sanitizeQuantity,
} from './numbers';

describe('sanitizeDecimal (spec §5)', () => {
  it('strips leading zeros', () => {
    expect(sanitizeDecimal('007')).toBe('7');
    expect(sanitizeDecimal('0012.5')).toBe('12.5');
    expect(sanitizeDecimal('00.5')).toBe('0.5');
    expect(sanitizeDecimal('000')).toBe('0');
    expect(sanitizeDecimal('100')).toBe('100');
  });

  it('keeps at most two decimals, cutting extra digits', () => {
    expect(sanitizeDecimal('1.239')).toBe('1.23');
    expect(sanitizeDecimal('0.505')).toBe('0.50');
    expect(sanitizeDecimal(3.14159)).toBe('3.14');
  });

  it('keeps an unfinished value while typing', () => {
    expect(sanitizeDecimal('12.')).toBe('12.');
    expect(sanitizeDecimal('.5')).toBe('0.5');
    expect(sanitizeDecimal('')).toBe('');
    expect(sanitizeDecimal(null)).toBe('');
  });

  it('drops characters that are not digits and any second decimal point', () => {
    expect(sanitizeDecimal('1a2.3.4')).toBe('12.34');
    expect(sanitizeDecimal(' 1 000 ')).toBe('1000');
  });

  it('keeps a leading minus for the field rules to decide on', () => {
    expect(sanitizeDecimal('-05')).toBe('-5');
  });
});

describe('sanitizeQuantity / sanitizeAmount', () => {
  it('turns a negative quantity into 0', () => {
    expect(sanitizeQuantity('-3')).toBe('0');
    expect(sanitizeQuantity(-0.5)).toBe('0');
    expect(sanitizeQuantity('04.125')).toBe('4.12');
  });

  it('turns a negative amount into 0', () => {
    expect(sanitizeAmount('-10')).toBe('0');
    expect(sanitizeAmount('010.999')).toBe('10.99');
  });
});

describe('clampTaxPercent', () => {
  it('clamps to 0..100', () => {
    expect(clampTaxPercent('150')).toBe('100');
    expect(clampTaxPercent('100.01')).toBe('100');
    expect(clampTaxPercent('-5')).toBe('0');
    expect(clampTaxPercent('15')).toBe('15');
    expect(clampTaxPercent('100')).toBe('100');
    expect(clampTaxPercent('0')).toBe('0');
    expect(clampTaxPercent('')).toBe('');
  });
});

describe('sanitizeInvoiceNumber', () => {
  it('uppercases and cuts to 15 characters', () => {
    expect(sanitizeInvoiceNumber('inv-0001')).toBe('INV-0001');
    expect(sanitizeInvoiceNumber('abcdefghijklmnopq')).toBe('ABCDEFGHIJKLMNO');
  });
});

describe('amountExceedsOriginal (tolerance 0.05)', () => {
  it('allows up to 0.05 above the original', () => {
    expect(amountExceedsOriginal('100.05', '100')).toBe(false);
    expect(amountExceedsOriginal('99', '100')).toBe(false);
  });

  it('flags more than 0.05 above the original', () => {
    expect(amountExceedsOriginal('100.06', '100')).toBe(true);
    expect(amountExceedsOriginal(0.16, 0.1)).toBe(true);
  });

  it('never flags unparseable values', () => {
    expect(amountExceedsOriginal('', '100')).toBe(false);
  });
});

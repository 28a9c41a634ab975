import { formatMoney, fromCents, toCents } from './money';

describe('formatMoney (spec §3 currency display)', () => {
  it('prefixes R, uses two decimals and thousands commas', () => {
    expect(formatMoney('1234.5')).toBe('R 1,234.50');
    expect(formatMoney(1234567.891)).toBe('R 1,234,567.89');
    expect(formatMoney(0)).toBe('R 0.00');
    expect(formatMoney('999')).toBe('R 999.00');
  });

  it('shows negatives with a leading "- "', () => {
    expect(formatMoney('-12')).toBe('- R 12.00');
    expect(formatMoney(-1234.5)).toBe('- R 1,234.50');
  });

  it('rounds decimal strings half-up exactly, without float error', () => {
    expect(formatMoney('1234567.005')).toBe('R 1,234,567.01');
    expect(formatMoney('1.004999')).toBe('R 1.00');
    expect(formatMoney(1.005)).toBe('R 1.01');
    expect(formatMoney('-0.005')).toBe('- R 0.01');
  });

  it('does not show "- " for amounts that round to zero', () => {
    expect(formatMoney('-0.001')).toBe('R 0.00');
  });

  it('keeps very large numeric strings exact', () => {
    expect(formatMoney('123456789012345678.99')).toBe('R 123,456,789,012,345,678.99');
  });

  it('gives an empty string for null, undefined, empty and non-numeric input', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('  ')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('toCents / fromCents', () => {
  it('converts decimal strings to integer cents exactly', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('.5')).toBe(50);
    expect(toCents('-12.345')).toBe(-1235);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('throws on non-decimal input', () => {
    expect(() => toCents('1,234')).toThrow(TypeError);
    expect(() => toCents('')).toThrow(TypeError);
  });

  it('formats cents back to a plain two-decimal string', () => {
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
  });

  it('rejects fractional cents', () => {
    expect(() => fromCents(1.5)).toThrow(TypeError);
  });
});

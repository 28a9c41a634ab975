import { formatCentsAsRands, formatPlainDecimal, formatRands, multiplyToCents, parseDecimal } from './pdf-decimal';

describe('pdf-decimal', () => {
  it('parses decimal strings exactly and rejects non-numbers', () => {
    expect(parseDecimal('1234.50')).toEqual({ units: 123450n, scale: 2 });
    expect(parseDecimal('-.5')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal(' 7 ')).toEqual({ units: 7n, scale: 0 });
    for (const bad of ['', '.', 'abc', '1,000.00', '1e3', '--1']) {
      expect(() => parseDecimal(bad)).toThrow(/Not a decimal/);
    }
  });

  it('multiplies quantity by price without float error, rounding half away from zero', () => {
    // In floats 3 * 1.115 = 3.3449999999999998, which would round to 3.34.
    expect(3 * 1.115).toBeLessThan(3.345);
    expect(multiplyToCents('3', '1.115')).toBe(335n);
    expect(multiplyToCents('-3', '1.115')).toBe(-335n);
    expect(multiplyToCents('2.5', '0.333')).toBe(83n);
    expect(multiplyToCents('-2', '10.00')).toBe(-2000n);
    expect(multiplyToCents('100000', '99999.99')).toBe(999999900000n);
    expect(multiplyToCents('0.001', '4.99')).toBe(0n);
  });

  it('formats rands as spec §3 shows them and refuses non-numbers', () => {
    expect(formatRands('1234.5')).toBe('R 1,234.50');
    expect(formatRands('-12')).toBe('- R 12.00');
    expect(formatCentsAsRands(-123456789n)).toBe('- R 1,234,567.89');
    expect(formatCentsAsRands(0n)).toBe('R 0.00');
    expect(() => formatRands('n/a')).toThrow(/Not a decimal number: 'n\/a'/);
  });

  it('formats quantities without trailing fractional zeros', () => {
    expect(formatPlainDecimal('10.00')).toBe('10');
    expect(formatPlainDecimal('2.50')).toBe('2.5');
    expect(formatPlainDecimal('-1250.125')).toBe('-1,250.125');
    expect(formatPlainDecimal('0.05')).toBe('0.05');
    expect(formatPlainDecimal('-0.00')).toBe('0');
  });
});

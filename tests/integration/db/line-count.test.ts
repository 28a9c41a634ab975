import { eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { xdocLines, xdocs } from '@/db/schema';
import { createOrder, removeCreatedDocuments } from '../support/fixtures';

/* xdocs.line_count is kept by statement triggers on xdoc_lines (migration 0007) in the changing transaction. */

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

const lineCount = async (id: number) => (await db.select({ n: xdocs.lineCount }).from(xdocs).where(eq(xdocs.id, id)))[0].n;

it('counts the lines a document is created with', async () => {
  const order = await createOrder({ vendorCode: 'V0001', lines: 4 });
  expect(await lineCount(order.id)).toBe(4);
});

it('counts a line repeated per delivery address (a multi-branch order) once', async () => {
  const order = await createOrder({ vendorCode: 'V0001', lines: 2 });
  await db.insert(xdocLines).values([
    { xdocId: order.id, lineNumber: 1, catalogueCode: 'A', deliveryAddressCode: 'B01' },
    { xdocId: order.id, lineNumber: 1, catalogueCode: 'A', deliveryAddressCode: 'B02' },
    { xdocId: order.id, lineNumber: 3, catalogueCode: 'C', deliveryAddressCode: 'B02' },
  ]);
  expect(await lineCount(order.id)).toBe(3);
});

it('recounts after lines are deleted or renumbered, for every document a statement touched', async () => {
  const a = await createOrder({ vendorCode: 'V0001', lines: 3 });
  const b = await createOrder({ vendorCode: 'V0002', lines: 2 });
  await db.delete(xdocLines).where(sql`${xdocLines.xdocId} in (${a.id}, ${b.id}) and ${xdocLines.lineNumber} = 1`);
  expect([await lineCount(a.id), await lineCount(b.id)]).toEqual([2, 1]);
  await db
    .update(xdocLines)
    .set({ lineNumber: 2 })
    .where(sql`${xdocLines.xdocId} = ${a.id} and ${xdocLines.lineNumber} = 3`);
  expect(await lineCount(a.id)).toBe(1);
});

it('leaves a document whose lines all went with 0', async () => {
  const order = await createOrder({ vendorCode: 'V0001', lines: 2 });
  await db.delete(xdocLines).where(eq(xdocLines.xdocId, order.id));
  expect(await lineCount(order.id)).toBe(0);
});

it('does not write a count that is already right: a new document sent with its count is written once', async () => {
  const order = await createOrder({ vendorCode: 'V0001', lines: 0 });
  const updates = await db.transaction(async (tx) => {
    // The session's count of updated xdocs rows not yet reported: what the statements below add to it.
    const updated = async () =>
      Number(
        (await tx.execute<{ n: string }>(sql`select n_tup_upd::text as n from pg_stat_xact_user_tables where relname = 'xdocs'`)).rows[0].n,
      );
    const before = await updated();
    await tx.update(xdocs).set({ lineCount: 2 }).where(eq(xdocs.id, order.id));
    await tx.insert(xdocLines).values([
      { xdocId: order.id, lineNumber: 1, catalogueCode: 'A' },
      { xdocId: order.id, lineNumber: 2, catalogueCode: 'B' },
    ]);
    // The one update above, and none by the lines' trigger.
    return (await updated()) - before;
  });
  expect(updates).toBe(1);
  expect(await lineCount(order.id)).toBe(2);
});

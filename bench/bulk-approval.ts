import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { db, pool } from '../db/client';
import { itemChanges, items, outbox, users, vendors } from '../db/schema';
import { processApproveItemChangesRow } from '../jobs/processors/approve-item-changes';
import { closeQueue } from '../jobs/queue';
import { actorOfUser } from '../lib/auth/actor';
import { requestBulkItemApproval } from '../lib/domain/changes/approve-in-background';
import { benchItemBatches } from './items';

/**
 * Issue 13's figure: how long the worker takes to approve N item changes of one bulk approval
 * (target: 10,000 in under 30 s). `npx tsx bench/bulk-approval.ts [--changes 10000]` against
 * DATABASE_URL (a seeded database): makes a vendor of its own with N items and N pending changes,
 * requests the bulk approval as staff@portal.test, then runs the job's outbox row once and times it.
 * Everything it made is removed afterwards. `npm run bench` runs it (--markdown writes its line for the report).
 */
const { values } = parseArgs({ options: { changes: { type: 'string', default: '10000' }, markdown: { type: 'string' } } });
const count = Number(values.changes);
const code = `VB${Date.now().toString(36).toUpperCase()}`;

const [vendor] = await db
  .insert(vendors)
  .values({ code, name: `Bench vendor ${code}`, tinyMce: `vb-${code}` })
  .returning({ id: vendors.id });
try {
  const made: number[] = [];
  for await (const { rows } of benchItemBatches(vendor.id, code, count, 1000)) {
    const changes = await db
      .insert(itemChanges)
      .values(
        rows.map((r) => ({
          vendorId: vendor.id,
          itemId: r.id,
          changeable: { catalogueCode: r.catalogueCode, descr: `${r.catalogueCode} renamed`, packSize: 12 },
        })),
      )
      .returning({ id: itemChanges.id });
    made.push(...changes.map((c) => c.id));
  }
  const [staff] = await db.select().from(users).where(eq(users.email, 'staff@portal.test'));
  const actor = await actorOfUser(staff.id);
  if (!actor) throw new Error('staff@portal.test is not an active user');

  const asked = Date.now();
  await requestBulkItemApproval(actor, made);
  const answered = Date.now() - asked;
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.kind, 'approve-item-changes'))
    .orderBy(desc(outbox.id))
    .limit(1);
  const started = Date.now();
  const outcome = await processApproveItemChangesRow(row.id);
  const seconds = (Date.now() - started) / 1000;
  const approved = outcome.status === 'done' ? outcome.result.approved : 0;
  const line = `bulk approval of ${count.toLocaleString('en-ZA')} item changes: the request answered in ${answered} ms; the worker approved ${approved.toLocaleString('en-ZA')} in ${seconds.toFixed(1)} s (target < 30 s): ${approved === count && seconds < 30 ? 'met' : 'MISSED'}`;
  console.log(line);
  if (values.markdown) writeFileSync(values.markdown, `The ${line}.`);
} finally {
  await db.delete(itemChanges).where(eq(itemChanges.vendorId, vendor.id));
  await db.delete(items).where(eq(items.vendorId, vendor.id));
  await db.delete(vendors).where(eq(vendors.id, vendor.id));
  await closeQueue();
  await pool.end();
}

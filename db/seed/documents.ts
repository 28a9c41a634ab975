import type pg from 'pg';
import { DOCUMENTS_SQL } from './documents-sql';
import { SEEDED_DOCNO_PREFIXES } from './document-kinds';

/** Documents per statement pair: large enough for set-based speed, small enough to keep memory and transactions modest. */
const BATCH_DOCUMENTS = 50_000;
/** Audit trails are written for the first documents only; a million-document seed would otherwise triple its size. */
export const AUDITED_DOCUMENTS = 20_000;
/** Above this many new documents the work is split over two connections (one per core). */
const PARALLEL_FROM = 100_000;

/**
 * The two halves of the low two digits of n: each holds whole vendors (see vendorNoOf), so a
 * document's related order is always created by the same stream, earlier. Half A is V0001 and
 * V0004–V0012, half B the rest.
 */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const HALF_A = [...range(0, 32), ...range(56, 74)];
const HALF_B = [...range(32, 56), ...range(74, 100)];
const ALL = range(0, 100);

export type DocumentSeedResult = { before: number; added: number };

/**
 * Seeded documents are numbered n = 1, 2, … (the number is in the docno) and each is a pure function
 * of n. This adds documents n up to T, where T makes the table hold `target` documents (documents
 * the app created count too), so a re-run adds nothing and a bigger target continues where the last
 * run stopped. Small runs use one connection, so ids are reproducible too; big runs use two.
 */
export async function seedDocuments(clients: pg.PoolClient[], target: number, log: (msg: string) => void): Promise<DocumentSeedResult> {
  const [first] = clients;
  // String tests rather than a regular expression: this scans every document, and a regex costs ~10x more.
  const found = await first.query<{ residue: number; last: string; seeded: string }>(
    `select (n % 100)::int as residue, max(n) as last, count(*) as seeded
     from (
       select right(docno, 8)::bigint as n from xdocs
       where length(docno) between 10 and 11 and left(docno, -8) = any($1::text[]) and translate(right(docno, 8), '0123456789', '') = ''
     ) x group by 1`,
    [SEEDED_DOCNO_PREFIXES],
  );
  const total = await first.query<{ count: string }>('select count(*) from xdocs');
  const before = Number(total.rows[0].count);
  const seeded = found.rows.reduce((sum, r) => sum + Number(r.seeded), 0);
  const lastOf = new Map(found.rows.map((r) => [r.residue, Number(r.last)]));
  const last = target - (before - seeded);
  // Each residue grows in n order, batch by batch; resuming from the laggard is safe as inserts skip existing tinyMces.
  const nextOf = (r: number) => (lastOf.has(r) ? lastOf.get(r)! + 100 : r === 0 ? 100 : r);
  const resumeFrom = (residues: number[]) => Math.min(...residues.map(nextOf));

  const parallel = clients.length > 1 && last - resumeFrom(ALL) >= PARALLEL_FROM;
  const streams = parallel ? [HALF_A, HALF_B] : [ALL];
  let added = 0;
  const started = Date.now();
  const droppedIndexes = parallel ? await dropPieceIndexes(first) : [];
  try {
    await Promise.all(
      streams.map(async (residues, i) => {
        const client = clients[i];
        await prepareSession(client);
        const step = Math.round((BATCH_DOCUMENTS * 100) / residues.length);
        for (let from = resumeFrom(residues); from <= last; from += step) {
          const to = Math.min(from + step - 1, last);
          const inserted = await seedBatch(client, from, to, residues);
          added += inserted;
          if (last > PARALLEL_FROM) log(`documents: ${before + added}/${target} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        }
      }),
    );
  } finally {
    // Rebuilt even after a failed batch: the schema is left as the migrations made it.
    await rebuildIndexes(clients, droppedIndexes);
    if (droppedIndexes.length > 0) log(`part-number indexes rebuilt (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { before, added };
}

/**
 * The inbox's part-number indexes (migration 0026: GIN over each number's pieces) cost a big seed more
 * than all its other indexes together when kept row by row (a 10M seed took 70 min); built once at the
 * end they take about 46 s a million documents. Returns their definitions, to build them again.
 */
async function dropPieceIndexes(client: pg.PoolClient): Promise<string[]> {
  const found = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'xdocs' and indexdef like '%USING gin%docno_vendor_grams%'`,
  );
  for (const { name } of found.rows) await client.query(`drop index if exists "${name}"`);
  return found.rows.map((r) => r.definition);
}

/** Builds the given indexes, the connections sharing them out (a GIN build uses one core). */
async function rebuildIndexes(clients: pg.PoolClient[], definitions: string[]): Promise<void> {
  const queue = [...definitions];
  await Promise.all(
    clients.map(async (client) => {
      await client.query(`set maintenance_work_mem = '1GB'`);
      for (let definition = queue.shift(); definition; definition = queue.shift()) await client.query(definition);
    }),
  );
}

async function prepareSession(client: pg.PoolClient): Promise<void> {
  // Bulk-load settings for this session only: a lost last commit after a crash is harmless for a seed.
  await client.query('set synchronous_commit = off');
  await client.query(`set work_mem = '256MB'`);
  // JIT compiling these wide expressions costs more than it saves at this batch size.
  await client.query('set jit = off');
}

/** Orders first, then the documents raised against them, in one transaction. */
async function seedBatch(client: pg.PoolClient, from: number, to: number, residues: number[]): Promise<number> {
  await client.query('begin');
  try {
    await skipForeignKeyChecks(client);
    const orders = await client.query<{ inserted: number }>(DOCUMENTS_SQL, [from, to, AUDITED_DOCUMENTS, true, residues]);
    const others = await client.query<{ inserted: number }>(DOCUMENTS_SQL, [from, to, AUDITED_DOCUMENTS, false, residues]);
    await client.query('commit');
    return orders.rows[0].inserted + others.rows[0].inserted;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * Turns off foreign-key triggers for the current transaction, as pg_restore --disable-triggers does:
 * every reference in DOCUMENTS_SQL comes from a join with the referenced table, and the checks cost
 * about 40% of a big seed. Needs superuser rights; without them the checks simply run.
 */
async function skipForeignKeyChecks(client: pg.PoolClient): Promise<void> {
  await client.query('savepoint replica_role');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('release savepoint replica_role');
  } catch {
    await client.query('rollback to savepoint replica_role');
  }
}

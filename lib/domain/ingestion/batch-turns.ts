import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executePrepared, statementOf, type Tx } from '../../../db/client';

/**
 * The order in which a bulk request's batch transactions commit, when the next batch is written while the one
 * before it is still in flight (ingest-bulk.ts). Batch n holds the advisory lock (request, n) from its
 * transaction's first statement to its end, and waits for (request, n − 1), the batch before it ending, once its
 * own rows are written and before anything that locks a row another batch may lock too: the counter rows its
 * triggers update, kept per vendor, store and day (docs/architecture.md). So the two batches' inserts, index
 * entries and foreign keys run side by side, on two cores, while their counters and commits keep the file's order:
 * what is stored is always the file's lines 1…k, as when each batch waited for the one before it.
 *
 * The earlier batch never waits for the later (their documents are independent: ingest-bulk.ts runs a batch that
 * shares a document or an order with the one in flight after it), so the two cannot deadlock.
 */
export class BatchTurns {
  /** The lock's first key: one bulk request's, drawn at random (two requests' turns never meet). */
  private readonly request = randomInt(-(2 ** 31), 2 ** 31 - 1);
  private count = 0;

  /** The next batch's turn; `taken` is called once its transaction holds it. */
  next(taken: () => void): BatchTurn {
    return { request: this.request, index: this.count++, taken };
  }
}

export type BatchTurn = { request: number; index: number; taken: () => void };

/** Batch n's own lock, held until its transaction ends: the first statement of its transaction. */
export async function takeTurn(tx: Tx, turn: BatchTurn): Promise<void> {
  await executePrepared(tx, sql`select pg_advisory_xact_lock(${turn.request}::int, ${turn.index}::int)`);
  turn.taken();
}

/**
 * An expression that waits until the batch before a turn has ended (committed or not), for statements rendered
 * once: its keys are placeholders, whose values turnBarrierKeys gives. They are null for the first batch, or with
 * no turn (a document sent alone), and the function is strict: with null keys it takes no lock.
 */
export const TURN_BARRIER = sql`pg_advisory_xact_lock_shared(${sql.placeholder('previousTurnRequest')}::int, ${sql.placeholder('previousTurnIndex')}::int)`;

export function turnBarrierKeys(turn: BatchTurn | undefined): { previousTurnRequest: number | null; previousTurnIndex: number | null } {
  const first = !turn || turn.index === 0;
  return { previousTurnRequest: first ? null : turn.request, previousTurnIndex: first ? null : turn.index - 1 };
}

const AWAIT_TURN = statementOf(sql`select ${TURN_BARRIER}`);

/** Waits until the batch before `turn` has ended, before statements whose triggers lock counter rows. */
export async function awaitTurn(tx: Tx, turn: BatchTurn | undefined): Promise<void> {
  if (turn && turn.index > 0) await executePrepared(tx, AWAIT_TURN, turnBarrierKeys(turn));
}

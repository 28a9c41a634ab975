import { db } from '../../../db/client';
import type { IntegrationActor } from '../../auth/integration-actor';
import { identityKey } from './batch-lookups';
import { insertNewDocuments, type NewDocument } from './insert-new-documents';
import type { IngestResult } from './schemas';

type Waiting = { item: NewDocument; resolve: (result: IngestResult | null) => void; reject: (error: unknown) => void };

/** At most this many documents a statement, as the bulk path's batches are bounded. */
const MOST_IN_ONE_STATEMENT = 50;

/**
 * Per integration, the new documents sent alone that wait for the statement in flight (this process's): an
 * integration is here exactly while its documents are being written.
 */
const queues = new Map<number, Waiting[]>();

/**
 * Writes a new document sent alone (POST /api/v1/documents) together with the others this process received
 * from the same integration while the statement before them ran: one insertNewDocuments statement for all of
 * them, as a bulk batch is written. A statement's fixed cost (opening and locking xdocs with its indexes, the
 * statement triggers that keep the counters, the round trip, the commit's WAL flush) is most of what one
 * document costs the database, so ten clients sending at once pay it once or twice instead of ten times
 * (docs/benchmarks.md, "One document at a time, written together"). Nothing waits on purpose: a document sent
 * when no statement is in flight is written at once, alone. The price: a statement held up in the database (a row
 * it needs locked by another transaction) holds up the integration's next documents in this process with it, for
 * at most the web's statement time-out (DB_STATEMENT_TIMEOUT_MS).
 *
 * Each document stays all or nothing: the statement is atomic, and if it fails, each document of the group is
 * written again on its own, so one document's failure is its own answer and never another's. Two documents of one
 * identity never share a statement (the second waits for the next), so the identity decides between them as
 * it does between two senders. Answers are null for a document that exists already, as insertNewDocuments says.
 */
export function insertNewDocumentInGroup(actor: IntegrationActor, item: NewDocument): Promise<IngestResult | null> {
  return new Promise((resolve, reject) => {
    const waiting = queues.get(actor.integrationId);
    if (waiting) return void waiting.push({ item, resolve, reject });
    const queue = [{ item, resolve, reject }];
    queues.set(actor.integrationId, queue);
    void writeWaiting(actor, queue);
  });
}

async function writeWaiting(actor: IntegrationActor, queue: Waiting[]): Promise<void> {
  try {
    while (queue.length) await writeGroup(actor, nextGroup(queue));
  } finally {
    queues.delete(actor.integrationId);
  }
}

/** Takes the waiting documents to write next out of `queue`: in the order they came, no identity twice. */
function nextGroup(queue: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const identities = new Set<string>();
  const later: Waiting[] = [];
  for (const waiting of queue) {
    const identity = identityKey(waiting.item);
    if (group.length < MOST_IN_ONE_STATEMENT && !identities.has(identity)) {
      identities.add(identity);
      group.push(waiting);
    } else later.push(waiting);
  }
  queue.splice(0, queue.length, ...later);
  return group;
}

async function writeGroup(actor: IntegrationActor, group: Waiting[]): Promise<void> {
  try {
    const results = await insertNewDocuments(
      db,
      actor,
      group.map((w) => w.item),
    );
    group.forEach((w, i) => w.resolve(results[i]));
  } catch (error) {
    if (group.length === 1) return group[0].reject(error);
    // Which document failed the statement is not known: each is written on its own, its error its own.
    await Promise.all(
      group.map(({ item, resolve, reject }) => insertNewDocuments(db, actor, [item]).then(([result]) => resolve(result), reject)),
    );
  }
}

import { sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { disableEndpoint } from './disable-endpoint';
import { sendWebhook } from './send';

/** About a day of retries after the first attempt: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h (≈ 24 h). */
export const RETRY_DELAYS_MS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800].map((s) => s * 1000);
export const SEND_TIMEOUT_MS = 10_000;

export type DeliveryOptions = {
  /** How many deliveries one round claims. */
  limit?: number;
  /** How many of them are sent at once. */
  concurrency?: number;
  timeoutMs?: number;
  /** The wait before each retry; when they are used up, the delivery fails and its endpoint is disabled. */
  retryDelaysMs?: readonly number[];
};

export type DeliveryRound = { sent: number; succeeded: number; failed: number };

type Claimed = {
  id: string;
  attempts: number;
  integrationId: number;
  url: string;
  messageId: string;
  secret: string;
  revoked: boolean;
  body: string;
};

/**
 * Claims due deliveries: rows are picked with FOR UPDATE SKIP LOCKED, so workers never claim the same row, and
 * their next attempt is moved past the send's time-out (a lease) in the same statement, so no other worker
 * takes them up while this one sends. A worker that dies mid-send leaves the row to be sent again once the
 * lease ends: at least once, with the same webhook-id. The body is the feed's item (docs/api.md).
 */
async function claimDue(limit: number, leaseMs: number): Promise<Claimed[]> {
  const { rows } = await db.execute<Claimed>(sql`
    with claimed as (
      update webhook_deliveries d set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
      from (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      ) due
      where d.id = due.id
      returning d.id, d.attempts, d.integration_id, d.url, d.message_id, d.event_id
    )
    select c.id::text as "id", c.attempts as "attempts", c.integration_id as "integrationId", c.url as "url",
      'msg_' || replace(c.message_id::text, '-', '') as "messageId", i.webhook_secret as "secret",
      i.revoked_at is not null as "revoked",
      json_build_object('id', e.xid::text || '-' || e.id::text, 'type', e.type, 'occurredAt', e.created_at,
        'subsidiaryCode', s.code, 'vendorCode', v.code, 'data', e.data)::text as "body"
    from claimed c
    join integrations i on i.id = c.integration_id
    join events e on e.id = c.event_id
    left join subsidiaries s on s.id = e.subsidiary_id
    left join vendors v on v.id = e.vendor_id`);
  return rows;
}

type Outcome = { row: Claimed; ok: boolean; responseCode: number | null; error: string | null };
/** A settled row as the statement reads it (json_to_recordset). */
type Settled = {
  id: string;
  claimed_attempts: number;
  status: 'succeeded' | 'pending';
  error: string | null;
  response_code: number | null;
  delay_ms: number | null;
};

/**
 * Writes a round's outcomes in one statement (a transaction per delivery was most of a round's cost), each row
 * only if it is still the one this round claimed (its lease not taken over). A delivery whose retries are used up
 * fails, and disables its endpoint, in a transaction of its own.
 */
async function settleRound(outcomes: readonly Outcome[], retryDelaysMs: readonly number[]): Promise<void> {
  const settled: Settled[] = [];
  const exhausted: Outcome[] = [];
  for (const outcome of outcomes) {
    const delay = retryDelaysMs[outcome.row.attempts];
    if (!outcome.ok && delay === undefined) exhausted.push(outcome);
    else
      settled.push({
        id: outcome.row.id,
        claimed_attempts: outcome.row.attempts,
        status: outcome.ok ? 'succeeded' : 'pending',
        error: outcome.error,
        response_code: outcome.responseCode,
        delay_ms: outcome.ok ? null : delay,
      });
  }
  if (settled.length)
    await db.execute(sql`
      update webhook_deliveries d set status = o.status, attempts = o.claimed_attempts + 1,
        last_response_code = o.response_code, last_error = o.error, last_attempt_at = now(),
        next_attempt_at = case when o.delay_ms is null then d.next_attempt_at else now() + o.delay_ms * interval '1 millisecond' end
      from json_to_recordset(${JSON.stringify(settled)}::json)
        as o(id bigint, claimed_attempts int, status text, error text, response_code int, delay_ms bigint)
      where d.id = o.id and d.attempts = o.claimed_attempts and d.status = 'pending'`);
  for (const { row, responseCode, error } of exhausted)
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.execute(sql`
        update webhook_deliveries set status = 'failed', attempts = ${row.attempts + 1}, last_response_code = ${responseCode},
          last_error = ${error}, last_attempt_at = now()
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
      if (rowCount) await disableEndpoint(tx, row.integrationId, row.url, error ?? 'no answer');
    });
}

/** The deliveries of a revoked integration are not sent: they are held as 'disabled'. */
async function holdRevoked(rows: readonly Claimed[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`
    update webhook_deliveries set status = 'disabled', last_error = 'The integration is revoked.'
    where id = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[]) and status = 'pending'`);
}

/**
 * One round of the worker's webhook job: sends the deliveries that are due, records each answer, and schedules
 * the next attempt with backoff, or fails the delivery and disables its endpoint when the retries are used up.
 */
export async function deliverDueWebhooks({
  limit = 200,
  concurrency = 20,
  timeoutMs = SEND_TIMEOUT_MS,
  retryDelaysMs = RETRY_DELAYS_MS,
}: DeliveryOptions = {}): Promise<DeliveryRound> {
  // The lease covers the whole round: each lane sends its share one after another, each up to the time-out.
  const rows = await claimDue(limit, Math.ceil(limit / concurrency) * timeoutMs + 60_000);
  const revoked = rows.filter((row) => row.revoked);
  const due = rows.filter((row) => !row.revoked);
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const row = due[next++];
      const sent = await sendWebhook({ url: row.url, messageId: row.messageId, secret: row.secret, body: row.body }, timeoutMs);
      outcomes.push({ row, ...sent });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
  await holdRevoked(revoked);
  await settleRound(outcomes, retryDelaysMs);
  const succeeded = outcomes.filter((o) => o.ok).length;
  return { sent: rows.length, succeeded, failed: rows.length - succeeded };
}

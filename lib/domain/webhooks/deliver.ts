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

/** Writes an attempt's outcome, only if the row is still the one this round claimed (its lease not taken over). */
async function settle(
  row: Claimed,
  outcome: { ok: boolean; responseCode: number | null; error: string | null },
  retryDelaysMs: readonly number[],
) {
  const attempts = row.attempts + 1;
  const delay = retryDelaysMs[attempts - 1];
  const isExhausted = !outcome.ok && delay === undefined;
  const status = outcome.ok ? 'succeeded' : isExhausted ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.execute(sql`
      update webhook_deliveries set status = ${status}, attempts = ${attempts}, last_response_code = ${outcome.responseCode},
        last_error = ${outcome.error}, last_attempt_at = now(),
        next_attempt_at = ${outcome.ok || isExhausted ? sql`next_attempt_at` : sql`now() + ${`${delay} milliseconds`}::interval`}
      where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
    if (rowCount && isExhausted) await disableEndpoint(tx, row.integrationId, row.url, outcome.error ?? 'no answer');
  });
}

async function deliverOne(row: Claimed, timeoutMs: number, retryDelaysMs: readonly number[]): Promise<boolean> {
  if (row.revoked) {
    await db.execute(sql`
      update webhook_deliveries set status = 'disabled', last_error = 'The integration is revoked.'
      where id = ${row.id} and status = 'pending'`);
    return false;
  }
  const outcome = await sendWebhook({ url: row.url, messageId: row.messageId, secret: row.secret, body: row.body }, timeoutMs);
  await settle(row, outcome, retryDelaysMs);
  return outcome.ok;
}

/**
 * One round of the worker's webhook job: sends the deliveries that are due, records each answer, and schedules
 * the next attempt with backoff, or fails the delivery and disables its endpoint when the retries are used up.
 */
export async function deliverDueWebhooks({
  limit = 100,
  concurrency = 10,
  timeoutMs = SEND_TIMEOUT_MS,
  retryDelaysMs = RETRY_DELAYS_MS,
}: DeliveryOptions = {}): Promise<DeliveryRound> {
  const rows = await claimDue(limit, timeoutMs + 60_000);
  const round: DeliveryRound = { sent: rows.length, succeeded: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      if (await deliverOne(row, timeoutMs, retryDelaysMs)) round.succeeded += 1;
      else round.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  return round;
}

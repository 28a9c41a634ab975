import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { notifications, users, xdocs } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import { actorOfUser } from '../../auth/actor';
import { env } from '../../env';
import type { NotificationSummary } from './notify';
import { unsubscribeUrl } from './unsubscribe-token';

/** How many notifications a digest lists; the rest are "and N more", with a link to the inbox. */
export const DIGEST_LIMIT = 20;
/** Users whose digests one run sends at most (the next run goes on). */
const USERS_PER_RUN = 500;

const absolute = (path: string) => new URL(path, env.APP_URL).toString();

/**
 * The worker's digest sweep: for each user whose oldest pending notification is older than the window, one e-mail
 * listing every pending notification of theirs, enqueued through the outbox in the same transaction that marks
 * them sent, so each notification is e-mailed once however many workers sweep and whenever one dies. Answers
 * how many digests were enqueued.
 */
export async function sendDueDigests({ windowSeconds = env.NOTIFY_DIGEST_SECONDS } = {}): Promise<number> {
  const due = await db.execute<{ user_id: number }>(sql`select user_id from notifications where sent_at is null
    group by user_id having min(created_at) <= now() - make_interval(secs => ${windowSeconds}) limit ${USERS_PER_RUN}`);
  let sent = 0;
  for (const { user_id: userId } of due.rows) {
    if (await db.transaction((tx) => sendDigest(tx, userId))) sent += 1;
  }
  if (sent) nudgeOutbox();
  return sent;
}

type Row = { id: number; code: string; xdocId: number | null; summary: NotificationSummary };

async function sendDigest(tx: Tx, userId: number): Promise<boolean> {
  // One digest per user at a time: another worker sweeping now skips this user.
  const [{ locked }] = (
    await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`notify:${userId}`}, 0)) as locked`)
  ).rows;
  if (!locked) return false;
  const pending = (await tx
    .select({ id: notifications.id, code: notifications.code, xdocId: notifications.xdocId, summary: notifications.summary })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.sentAt} is null`))
    .orderBy(notifications.createdAt, notifications.id)) as Row[];
  if (!pending.length) return false;
  const rows = await stillWanted(tx, userId, pending);
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  let outboxId: number | null = null;
  if (rows.length && user) {
    const codes = [...new Set(rows.map((r) => r.code))].sort();
    const tabs = new Set(rows.map((r) => r.summary.tab));
    outboxId = await enqueueInOutbox(tx, 'send-email', {
      to: user.email,
      template: 'digest',
      data: {
        name: user.name,
        items: rows.slice(0, DIGEST_LIMIT).map(({ summary }) => ({ ...summary, url: absolute(summary.path) })),
        more: Math.max(0, rows.length - DIGEST_LIMIT),
        moreUrl: absolute(tabs.size === 1 && rows[0].summary.tab ? `/?tab=${rows[0].summary.tab}` : '/'),
        unsubscribeUrl: unsubscribeUrl(userId, codes),
        preferencesUrl: absolute('/preferences/email'),
      },
    });
  }
  // Dropped ones (code turned off, document no longer visible, user gone) are closed too, without an e-mail.
  await tx
    .update(notifications)
    .set({ sentAt: sql`now()`, outboxId })
    .where(
      inArray(
        notifications.id,
        pending.map((r) => r.id),
      ),
    );
  return outboxId !== null;
}

/**
 * The notifications still to send as things are now: the user active, the code not turned off since, and each
 * document still in the user's Scope (a link removed since the event).
 */
async function stillWanted(tx: Tx, userId: number, pending: Row[]): Promise<Row[]> {
  const actor = await actorOfUser(userId);
  if (!actor || !actor.email) return [];
  const off = await tx.execute<{ code: string }>(sql`select code from email_preferences where user_id = ${userId} and disabled`);
  const disabled = new Set(off.rows.map((r) => r.code));
  const docIds = [...new Set(pending.flatMap((r) => (r.xdocId ? [r.xdocId] : [])))];
  const visible = docIds.length
    ? new Set(
        (
          await tx
            .select({ id: xdocs.id })
            .from(xdocs)
            .where(and(inArray(xdocs.id, docIds), actor.scope.documents()))
        ).map((d) => d.id),
      )
    : new Set<number>();
  return pending.filter((r) => !disabled.has(r.code) && (r.xdocId === null || visible.has(r.xdocId)));
}

import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import { WebhookReceiver } from '../integration/webhooks/receiver';
import { loadDomain } from './support/domain';
import { bareEnv, start, until, type Started } from './support/processes';

/**
 * Issue 23, the webhook kill test: a worker killed with SIGKILL while it delivers 10,000 events loses none. Every
 * event reaches a real receiver (verifying each request with the standardwebhooks package) at least once, and a
 * repeat carries the same webhook-id and body. The dead worker's claimed rows are sent again by the next worker once
 * their lease ends (lib/domain/webhooks/deliver.ts: a round's sends, one after another per lane, at their time-out,
 * plus a minute: 160 s), so this test waits that out. It takes about 3 minutes on 2 idle cores (the lease, overlapping the remaining deliveries, is most of it; the
 * deliveries cost about 7.5 ms of CPU each, worker, receiver and PostgreSQL together), and 6 minutes on 2 cores at a
 * load of 25: the time-outs allow for that.
 */
const databaseUrl = `${process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test'}_webhook_kill`;
const EVENTS = 10_000;
/** The first worker is killed once this many events have arrived: well into the run, far from its end. */
const KILL_AFTER = 2_000;
const PATH = '/erp';

const receiver = new WebhookReceiver();
const processes: Started[] = [];
let domain: Awaited<ReturnType<typeof loadDomain>>;

beforeAll(async () => {
  await recreateDatabase(databaseUrl);
  await seedDatabase({ databaseUrl, documents: 0 });
  domain = await loadDomain(databaseUrl);
  await receiver.start();
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await receiver.stop();
  await domain?.pool.end();
});

const workerEnv = () =>
  bareEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-webhook-kill`,
    NEXTAUTH_SECRET: 'webhook-kill-test-secret-0123456789',
  });

/** The webhook-ids of the requests that arrived, verified, so far. */
const arrivedIds = () => new Set(receiver.at(PATH).map((r) => String(r.headers['webhook-id'])));

it('a worker killed with SIGKILL mid-way loses no webhook, and a repeat carries the same webhook-id and body', async () => {
  const integration = await domain.newIntegration({
    name: 'ERP (kill test)',
    subsidiaryCodes: ['SUB01'],
    scopes: ['events:read'],
    webhookUrl: receiver.endpoint(PATH),
  });
  receiver.trust(PATH, integration.webhookSecret);
  // Written as acts write them: events and their deliveries in the act's transaction (record-event.ts).
  for (let from = 0; from < EVENTS; from += 1_000)
    await domain.db.transaction((tx) =>
      domain.recordEvents(
        tx,
        Array.from({ length: Math.min(1_000, EVENTS - from) }, (_, i) => ({
          type: 'order.confirmed' as const,
          subsidiaryId: integration.subsidiaries[0],
          data: { docno: `KILL${from + i}`, sequence: from + i },
        })),
      ),
    );
  const { rows: expected } = await domain.pool.query<{ webhookId: string; sequence: number }>(
    `select 'msg_' || replace(d.message_id::text, '-', '') as "webhookId", (e.data->>'sequence')::int as "sequence"
     from webhook_deliveries d join events e on e.id = d.event_id where d.integration_id = $1`,
    [integration.id],
  );
  expect(expected).toHaveLength(EVENTS);

  const first = start('npm', ['run', 'worker'], workerEnv());
  processes.push(first);
  await until(() => arrivedIds().size >= KILL_AFTER, 300_000, first.output);
  process.kill(-first.child.pid!, 'SIGKILL');
  await until(() => first.child.exitCode !== null || first.child.signalCode !== null, 10_000, first.output);
  const atKill = arrivedIds().size;
  expect(atKill).toBeLessThan(EVENTS); // killed mid-way, not after the end

  const second = start('npm', ['run', 'worker'], workerEnv());
  processes.push(second);
  await until(
    async () =>
      (await domain.pool.query(`select 1 from webhook_deliveries where integration_id = $1 and status <> 'succeeded'`, [integration.id]))
        .rowCount === 0,
    600_000,
    () => `${first.output()}\n${second.output()}\n${arrivedIds().size} of ${EVENTS} arrived`,
  );

  const received = receiver.at(PATH);
  expect(received.filter((r) => r.verified === null)).toEqual([]);
  const bodiesById = new Map<string, Set<string>>();
  for (const r of received) {
    const id = String(r.headers['webhook-id']);
    bodiesById.set(id, (bodiesById.get(id) ?? new Set()).add(r.body));
  }
  // At least once: every delivery's webhook-id arrived, and nothing else did.
  const expectedIds = new Set(expected.map((e) => e.webhookId));
  expect(expected.filter((e) => !bodiesById.has(e.webhookId))).toEqual([]);
  expect([...bodiesById.keys()].filter((id) => !expectedIds.has(id))).toEqual([]);
  // Any repeat is the same message: one body per webhook-id, and it is that delivery's event.
  for (const { webhookId, sequence } of expected) {
    const bodies = [...bodiesById.get(webhookId)!];
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0])).toMatchObject({ type: 'order.confirmed', data: { sequence } });
  }
  // The worker died between a round's sends and its one record of them at most: the repeats are few (one round's
  // claim at most, 200).
  expect(received.length - EVENTS).toBeLessThanOrEqual(200);
}, 900_000);

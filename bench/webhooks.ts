import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { createBenchIntegration, revokeBenchIntegration } from './integration-key';
import { round } from './load';

/**
 * The webhooks' benchmark (issue 23; `npm run bench` runs it): --events events written in one transaction as
 * ingestion writes them (events and their webhook deliveries), then the real worker (`npm run worker`, its
 * periodic deliver-webhooks job) started and timed until a local receiver, which verifies every signature
 * with the standardwebhooks package, has received each of them. Then GET /api/v1/events read from the start
 * of the feed, 1,000 a page, for --feed events, timed (needs the web server at --base).
 *
 *   DATABASE_URL=… npx tsx bench/webhooks.ts --base http://127.0.0.1:3200 [--events 10000] [--markdown <file>]
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3200' },
    events: { type: 'string', default: '10000' },
    feed: { type: 'string', default: '50000' },
    markdown: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_bench';
const eventCount = Number(values.events);
const tag = Date.now().toString(36).toUpperCase();

const received = new Set<string>();
let rejected = 0;
let allReceived: () => void = () => undefined;
const done = new Promise<void>((resolve) => (allReceived = resolve));
/** Made once the integration (and its secret) exists, which needs the receiver's address first. */
const signed: { webhook?: Webhook } = {};
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      signed.webhook!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
      received.add(String(req.headers['webhook-id']));
      res.writeHead(204).end();
      if (received.size >= eventCount) allReceived();
    } catch {
      rejected += 1;
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const client = new pg.Client({ connectionString: url });
await client.connect();
const integration = await createBenchIntegration(client, `Webhook bench ${tag}`, receiverUrl);
signed.webhook = new Webhook(integration.secret);
let worker: ReturnType<typeof spawn> | undefined;
try {
  // The events as ingestion writes them, with their deliveries (lib/domain/webhooks/fan-out.ts) in the same transaction.
  await client.query('begin');
  const { rows } = await client.query<{ id: string }>(
    `insert into events (type, subsidiary_id, data)
     select 'document.ingested', $1, jsonb_build_object('docno', $2 || n, 'type', 'order', 'status', 'created')
     from generate_series(1, $3) n returning id::text`,
    [integration.subsidiaryIds[0], `WH${tag}-`, eventCount],
  );
  await client.query(
    `insert into webhook_deliveries (event_id, integration_id, url, status) select unnest($1::bigint[]), $2, $3, 'pending'`,
    [rows.map((r) => r.id), integration.id, receiverUrl],
  );
  await client.query('commit');

  const started = performance.now();
  worker = spawn('npm', ['run', 'worker'], {
    env: { ...process.env, DATABASE_URL: url, QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? 'portal-bench', NODE_ENV: 'production' },
    stdio: 'ignore',
    detached: true,
  });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 180_000));
  await Promise.race([done, timeout]);
  const deliverySeconds = (performance.now() - started) / 1000;

  // The feed, from its start, as a system that cannot take webhooks reads it.
  const feedTarget = Number(values.feed);
  let cursor = '0-0';
  let read = 0;
  const feedStarted = performance.now();
  while (read < feedTarget) {
    const response = await fetch(`${values.base}/api/v1/events?after=${cursor}&limit=1000`, {
      headers: { authorization: `Bearer ${integration.key}` },
    });
    if (!response.ok) throw new Error(`GET /api/v1/events answered ${response.status}`);
    const page = (await response.json()) as { data: unknown[]; next: string };
    read += page.data.length;
    cursor = page.next;
    if (!page.data.length) break;
  }
  const feedSeconds = (performance.now() - feedStarted) / 1000;

  const deliveredMet = received.size >= eventCount && deliverySeconds < 60;
  const feedRate = read / feedSeconds;
  const markdown = [
    '| what | count | seconds | per second | target |',
    '|---|---|---|---|---|',
    `| webhooks: events delivered by the worker to a local receiver, each signature verified (standardwebhooks), from the worker's start | ${received.size} of ${eventCount} (${rejected} rejected) | ${round(deliverySeconds)} | ${Math.round(received.size / deliverySeconds)} | ${eventCount.toLocaleString('en-ZA')} < 60 s: ${deliveredMet ? 'met' : 'MISSED'} |`,
    `| feed: \`GET /api/v1/events\`, 1,000 a page, from its start | ${read} | ${round(feedSeconds)} | ${Math.round(feedRate)} | ≥ 5,000 events/s: ${feedRate >= 5000 ? 'met' : 'MISSED'} |`,
    '',
    "The worker's start (process and first tick, about a second) is in the delivery time; the worker sends 200 a round, 20 at a time, and settles each round in one statement (lib/domain/webhooks/deliver.ts).",
  ].join('\n');
  console.log(markdown);
  if (values.markdown) writeFileSync(values.markdown, `${markdown}\n`);
} finally {
  if (worker?.pid) process.kill(-worker.pid, 'SIGTERM');
  await revokeBenchIntegration(client, integration.id);
  await client.end();
  receiver.close();
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { WebhookReceiver, type Received } from './webhook-receiver';

/**
 * `npm run integration:demo`: with the demo running (`npm run demo`, or `npm start` and `npm run worker`,
 * at APP_URL, default http://127.0.0.1:3000), plays a retailer's system connecting (docs/api.md, "Integration
 * API"): the portal admin creates an integration whose webhook is a receiver started here, a day of orders
 * goes in by NDJSON, a supplier confirms one as the inbox screen does, and the signed webhook and the events
 * feed show the answer; then the integration is revoked. Every call is plain HTTP, as a browser or an ERP makes it.
 */

const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const SAMPLE = process.env.DEMO_ORDERS_FILE ?? path.join(process.cwd(), 'samples/orders-day.ndjson');
const WEBHOOK_TIMEOUT_MS = Number(process.env.DEMO_WEBHOOK_TIMEOUT_MS ?? 60_000);
const ADMIN = 'admin@portal.test';
const SUPPLIER = 'supplier@portal.test';
const WEBHOOK_PATH = '/retailer-erp/webhook';
const XSRF = 'integration-demo-xsrf';

type Session = { email: string; cookie: string };
type BulkResult = { line: number; docno: string | null; status: string; error?: string };
type FeedEvent = { id: string; type: string; occurredAt: string; subsidiaryCode: string | null; data: Record<string, unknown> };
type Integration = { id: number; key: string; webhookSecret: string };

/** What went wrong, said so a person running the demo knows what to do; printed without a stack. */
class DemoError extends Error {}

const say = (line = '') => console.log(line);
const heading = (text: string) => say(`\n== ${text}`);

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new DemoError(
      `The portal is not answering at ${APP_URL} (${cause}). Start it with \`npm run demo\` (or \`npm start\` and \`npm run worker\`), or set APP_URL to where it runs.`,
    );
  }
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new DemoError(`${what} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : {};
}

/** A browser's call: the session cookie and the anti-forgery double submit (cookie and X-XSRF-TOKEN header). */
function asBrowser(session: Session | null, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': XSRF,
      cookie: [`XSRF-TOKEN=${XSRF}`, session?.cookie].filter(Boolean).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

const asSystem = (key: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
});

async function checkPortal(): Promise<void> {
  const ready = await call(`${APP_URL}/healthz`);
  if (!ready.ok) throw new DemoError(`The portal at ${APP_URL} answers /healthz with ${ready.status}: is it still starting?`);
  say(`Portal at ${APP_URL} is up.`);
}

async function signIn(email: string): Promise<Session> {
  const response = await call(`${APP_URL}/login`, asBrowser(null, 'POST', { email, password: DEMO_PASSWORD }));
  await expectOk(response, `Signing in as ${email}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.includes('session-token'));
  if (!cookie) throw new DemoError(`Signing in as ${email} set no session cookie.`);
  say(`Signed in as ${email}.`);
  return { email, cookie };
}

/** The sample's documents, each docno made this run's own so the demo can run again on the same database. */
async function sampleDocuments(runTag: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(SAMPLE, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const doc = JSON.parse(line) as Record<string, unknown>;
      return { ...doc, docno: `${String(doc.docno)}-${runTag}` };
    });
}

/** The ids of the subsidiaries the sample's stores belong to (GET /stores?searchCode=, as the screens' store look-ups ask). */
async function subsidiariesOf(admin: Session, documents: Record<string, unknown>[]): Promise<number[]> {
  const subsidiaries = new Set<number>();
  for (const code of new Set(documents.map((d) => String(d.storeCode)))) {
    const url = `${APP_URL}/stores?${new URLSearchParams({ searchCode: code, limit: '100' })}`;
    const found = (await expectOk(await call(url, asBrowser(admin, 'GET')), 'GET /stores')) as { code: string; subsidiaryId: number }[];
    for (const store of found) if (store.code === code) subsidiaries.add(store.subsidiaryId);
  }
  return [...subsidiaries];
}

async function createIntegration(admin: Session, subsidiaries: number[], webhookUrl: string, runTag: string): Promise<Integration> {
  const body = { name: `Integration demo ${runTag}`, subsidiaries, scopes: ['documents:write', 'events:read'], webhookUrl };
  const created = (await expectOk(
    await call(`${APP_URL}/integrations`, asBrowser(admin, 'POST', body)),
    'POST /integrations',
  )) as Integration;
  say(`Created integration ${created.id} "${body.name}" for subsidiaries ${subsidiaries.join(', ')}, webhook ${webhookUrl}.`);
  say(`  key ${created.key.slice(0, 12)}… (shown once; stored only as a hash)`);
  return created;
}

async function pushOrders(key: string, documents: Record<string, unknown>[]): Promise<BulkResult[]> {
  const ndjson = documents.map((d) => JSON.stringify(d)).join('\n') + '\n';
  const init = asSystem(key, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: ndjson });
  const response = await call(`${APP_URL}/api/v1/documents/bulk`, init);
  const text = String(await response.text());
  if (!response.ok) throw new DemoError(`POST /api/v1/documents/bulk answered ${response.status}: ${text.slice(0, 500)}`);
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as BulkResult);
}

function printResults(results: BulkResult[]): void {
  for (const r of results)
    say(`  line ${String(r.line).padStart(2)}  ${String(r.docno).padEnd(28)} ${r.status}${r.error ? `: ${r.error}` : ''}`);
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  say(`  ${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')}`);
}

/** The supplier finds the order in the inbox (GET /orders) and confirms it (PUT /orders/{tinyMce}), as the screen does. */
async function confirmOrder(supplier: Session, docno: string): Promise<string> {
  const list = (await expectOk(
    await call(`${APP_URL}/orders?docno=${encodeURIComponent(docno)}`, asBrowser(supplier, 'GET')),
    'GET /orders',
  )) as { xdocs: { tinyMce: string; docno: string }[] };
  const order = list.xdocs.find((x) => x.docno === docno);
  if (!order) throw new DemoError(`Order ${docno} is not in ${supplier.email}'s inbox.`);
  const body = { orderResponse: { header: { response: 'confirmed' }, tinyMce: order.tinyMce, docno } };
  await expectOk(await call(`${APP_URL}/orders/${order.tinyMce}`, asBrowser(supplier, 'PUT', body)), `PUT /orders/${order.tinyMce}`);
  say(`${supplier.email} confirmed order ${docno} (${order.tinyMce}).`);
  return order.tinyMce;
}

async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, ms: number, timeoutMessage: string): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new DemoError(timeoutMessage);
  }
}

const eventOf = (received: Received) => received.verified as FeedEvent | null;

async function waitForWebhook(receiver: WebhookReceiver, docno: string): Promise<Received> {
  const webhook = await waitFor(
    () => receiver.at(WEBHOOK_PATH).find((r) => eventOf(r)?.type === 'order.confirmed' && eventOf(r)?.data.docno === docno),
    WEBHOOK_TIMEOUT_MS,
    `No verified order.confirmed webhook for ${docno} within ${WEBHOOK_TIMEOUT_MS / 1000} s (${receiver.at(WEBHOOK_PATH).length} requests came). The worker sends webhooks: is it running (\`npm run worker\`, or \`npm run demo\`)?`,
  );
  const unverified = receiver.at(WEBHOOK_PATH).filter((r) => !r.verified).length;
  say(
    `Webhook received and verified with the standardwebhooks package (${receiver.at(WEBHOOK_PATH).length} so far, ${unverified} unverified):`,
  );
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) say(`  ${name}: ${String(webhook.headers[name])}`);
  say(`  ${JSON.stringify(webhook.verified, null, 2).replace(/\n/g, '\n  ')}`);
  return webhook;
}

/** GET /api/v1/events from the start until the confirmation is in the feed; this run's events. */
async function readFeed(key: string, docno: string, runTag: string): Promise<FeedEvent[]> {
  const events = await waitFor(
    async () => {
      const seen: FeedEvent[] = [];
      for (let after = '0-0'; ;) {
        const page = (await expectOk(
          await call(`${APP_URL}/api/v1/events?limit=1000&after=${after}`, asSystem(key)),
          'GET /api/v1/events',
        )) as {
          data: FeedEvent[];
          next: string;
        };
        seen.push(...page.data);
        if (!page.data.length) break;
        after = page.next;
      }
      return seen.some((e) => e.type === 'order.confirmed' && e.data.docno === docno) ? seen : undefined;
    },
    WEBHOOK_TIMEOUT_MS,
    `The feed did not show the confirmation of ${docno} within ${WEBHOOK_TIMEOUT_MS / 1000} s.`,
  );
  const ours = events.filter((e) => String(e.data.docno ?? '').endsWith(`-${runTag}`));
  say(`GET /api/v1/events: ${events.length} events of the key's subsidiaries, ${ours.length} of this run:`);
  for (const e of ours) say(`  ${e.id.padEnd(14)} ${e.type.padEnd(20)} ${String(e.data.docno)} ${e.subsidiaryCode ?? ''} ${e.occurredAt}`);
  return ours;
}

async function revoke(admin: Session, integration: Integration): Promise<void> {
  await expectOk(
    await call(`${APP_URL}/integrations/${integration.id}`, asBrowser(admin, 'DELETE')),
    `DELETE /integrations/${integration.id}`,
  );
  const after = await call(`${APP_URL}/api/v1/me`, asSystem(integration.key));
  say(`Revoked integration ${integration.id}: its key now gets ${after.status} from /api/v1/me.`);
  if (after.status !== 401) throw new DemoError(`The revoked key still answered ${after.status}.`);
}

async function main(): Promise<void> {
  const runTag = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  heading('1. The portal and the admin');
  await checkPortal();
  const admin = await signIn(ADMIN);
  const documents = await sampleDocuments(runTag);

  heading('2. An integration whose webhook is a receiver here');
  const receiver = new WebhookReceiver();
  await receiver.start();
  try {
    const webhookUrl = receiver.endpoint(WEBHOOK_PATH);
    const integration = await createIntegration(admin, await subsidiariesOf(admin, documents), webhookUrl, runTag);
    receiver.trust(WEBHOOK_PATH, integration.webhookSecret);

    heading(`3. A day of orders (${path.relative(process.cwd(), SAMPLE)}) by POST /api/v1/documents/bulk`);
    const results = await pushOrders(integration.key, documents);
    printResults(results);
    say('The same file again (idempotent):');
    printResults(await pushOrders(integration.key, documents));
    const first = results.find((r) => r.status === 'created');
    if (!first?.docno) throw new DemoError('No order of the sample was created.');

    heading('4. The supplier answers');
    await confirmOrder(await signIn(SUPPLIER), first.docno);

    heading('5. What the retailer learns: the webhook');
    await waitForWebhook(receiver, first.docno);
    heading('6. ... and the events feed');
    await readFeed(integration.key, first.docno, runTag);

    heading('7. Revoking the integration');
    await revoke(admin, integration);
  } finally {
    await receiver.stop();
  }
  say('\nDone.');
}

main().catch((error: unknown) => {
  console.error(error instanceof DemoError ? `\nintegration:demo: ${error.message}` : error);
  process.exit(1);
});

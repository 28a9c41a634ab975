import { inArray } from 'drizzle-orm';
import { db } from '../../../db/client';
import { subsidiaries } from '../../../db/schema';
import * as integrationsRoute from '../../../app/api/integrations/route';
import { uniqueTag } from './fixtures';
import { callAs } from './users';

export const PORTAL_ADMIN = 'admin@portal.test';

export async function subsidiaryIds(...codes: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: subsidiaries.id, code: subsidiaries.code })
    .from(subsidiaries)
    .where(inArray(subsidiaries.code, codes));
  return codes.map((code) => rows.find((r) => r.code === code)!.id);
}

/** Creates an integration through POST /integrations as the portal admin; its id and its key (shown once). */
export async function newIntegration({
  subsidiaries: codes = ['SUB01'],
  scopes = ['documents:write', 'events:read'],
  webhookUrl,
}: { subsidiaries?: string[]; scopes?: string[]; webhookUrl?: string } = {}) {
  const body = { name: `ERP ${uniqueTag()}`, subsidiaries: await subsidiaryIds(...codes), scopes, ...(webhookUrl ? { webhookUrl } : {}) };
  const { status, json } = await callAs(PORTAL_ADMIN, integrationsRoute.POST, '/integrations', { method: 'POST', body });
  if (status !== 201) throw new Error(`POST /integrations answered ${status}: ${JSON.stringify(json)}`);
  return { id: json.id as number, key: json.key as string, name: body.name };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls an /api/v1 handler with a key, as a retailer's system would; the body is sent as given (a string) or as JSON. */
export async function callV1(
  handler: Handler,
  url: string,
  {
    key,
    method = 'GET',
    body,
    headers = {},
    params = {},
  }: { key?: string; method?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const init: RequestInit & { duplex?: string } = {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  };
  if (body !== undefined)
    init.body = typeof body === 'string' || body instanceof ReadableStream ? (body as BodyInit) : JSON.stringify(body);
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await handler(new Request(new URL(url, 'http://localhost'), init), { params: Promise.resolve(params) });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    /* NDJSON or empty */
  }
  return { status: response.status, json, text, headers: response.headers };
}

export type FeedEvent = { id: string; type: string; subsidiaryCode: string | null; data: Record<string, unknown> };

/**
 * Reads GET /api/v1/events from `after` until `done(events so far)` holds (or the time is up): the feed hands out
 * an event only once every older transaction on the PostgreSQL server has ended, and other databases' tests
 * share this server, so an event may take a moment to appear.
 */
export async function readFeedUntil(
  handler: Handler,
  key: string,
  done: (seen: FeedEvent[]) => boolean,
  { after = '0-0', timeoutMs = 50_000 }: { after?: string; timeoutMs?: number } = {},
): Promise<{ seen: FeedEvent[]; cursor: string }> {
  const seen: FeedEvent[] = [];
  let cursor = after;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await callV1(handler, `/api/v1/events?limit=1000&after=${cursor}`, { key });
    const page = json as { data: FeedEvent[]; next: string };
    seen.push(...page.data);
    cursor = page.next;
    if (!page.data.length) {
      if (done(seen) || Date.now() > until) return { seen, cursor };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

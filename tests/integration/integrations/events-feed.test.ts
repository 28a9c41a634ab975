import { pool } from '@/db/client';
import * as eventsRoute from '@/app/api/v1/events/route';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration, readFeedUntil, subsidiaryIds, type FeedEvent } from '../support/integrations';

// The feed waits for every older transaction on the server to end, other databases' tests' included (see readFeedUntil).
jest.setTimeout(60_000);

afterAll(() => pool.end());

type Page = { data: { id: string; type: string; subsidiaryCode: string | null; data: Record<string, unknown> }[]; next: string };

async function page(key: string, after?: string, limit = 1000): Promise<Page> {
  const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
  const { status, json } = await callV1(eventsRoute.GET, `/api/v1/events?${query}`, { key });
  expect(status).toBe(200);
  return json as unknown as Page;
}

/** Everything from the cursor on, page by page; the cursor it ends at. */
async function readAll(key: string, after?: string, limit = 1000) {
  const seen: Page['data'] = [];
  let cursor = after;
  for (;;) {
    const p = await page(key, cursor, limit);
    seen.push(...p.data);
    if (!p.data.length) return { seen, cursor: p.next };
    cursor = p.next;
  }
}

/** Writes one marked event in its own transaction on its own connection, committed when `commit` is called. */
async function openWriter(subsidiaryId: number, marker: string) {
  const client = await pool.connect();
  await client.query('begin');
  await client.query(`insert into events (type, subsidiary_id, data) values ('document.ingested', $1, $2)`, [subsidiaryId, { marker }]);
  return {
    commit: async () => {
      await client.query('commit');
      client.release();
    },
  };
}

const markers = (events: Page['data'], prefix: string) =>
  events.map((e) => e.data.marker).filter((m) => typeof m === 'string' && m.startsWith(prefix));

describe('GET /api/v1/events', () => {
  it('never skips an event whose transaction commits after a later one was read', async () => {
    const { key } = await newIntegration({ subsidiaries: ['SUB03'], scopes: ['events:read'] });
    const [sub] = await subsidiaryIds('SUB03');
    const { cursor: start } = await readAll(key);
    const tag = `gap-${uniqueTag()}`;
    // A starts first (the lower transaction id), B commits first.
    const a = await openWriter(sub, `${tag}-a`);
    const b = await openWriter(sub, `${tag}-b`);
    await b.commit();
    const during = await readAll(key, start);
    // B is committed, but A (older, still running) could still add a row before it: neither is handed out yet.
    expect(markers(during.seen, tag)).toEqual([]);
    await a.commit();
    const after = await readFeedUntil(eventsRoute.GET, key, (seen) => markers(seen, tag).length >= 2, { after: during.cursor });
    expect(markers(after.seen, tag)).toEqual([`${tag}-a`, `${tag}-b`]);
  });

  it('delivers every event exactly once to a reader polling while many writers commit in random order', async () => {
    const { key } = await newIntegration({ subsidiaries: ['SUB03'], scopes: ['events:read'] });
    const [sub] = await subsidiaryIds('SUB03');
    const { cursor: start } = await readAll(key);
    const tag = `race-${uniqueTag()}`;
    const writers = Array.from({ length: 40 }, (_, i) => `${tag}-${String(i).padStart(2, '0')}`);
    let writing = true;
    const collected: Page['data'] = [];
    const reader = (async () => {
      let cursor = start;
      while (writing || collected.filter((e) => String(e.data.marker).startsWith(tag)).length < writers.length) {
        const p = await page(key, cursor, 7);
        collected.push(...p.data);
        cursor = p.next;
        if (!p.data.length) await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(
      writers.map(async (marker, i) => {
        await new Promise((r) => setTimeout(r, (i * 7) % 23));
        const w = await openWriter(sub, marker);
        await new Promise((r) => setTimeout(r, (i * 13) % 31));
        await w.commit();
      }),
    );
    writing = false;
    await reader;
    const got = markers(collected, tag);
    expect([...got].sort()).toEqual(writers);
    expect(new Set(collected.map((e) => e.id)).size).toBe(collected.length);
  });

  it('shows a key only its subsidiaries’ events, and needs events:read', async () => {
    const { key: writer } = await newIntegration({ subsidiaries: ['SUB01', 'SUB02'] });
    const { key: sub1 } = await newIntegration({ subsidiaries: ['SUB01'], scopes: ['events:read'] });
    const { key: sub2 } = await newIntegration({ subsidiaries: ['SUB02'], scopes: ['events:read'] });
    const [from1, from2] = [(await readAll(sub1)).cursor, (await readAll(sub2)).cursor];
    const docno = `EVT${uniqueTag()}`;
    const doc = {
      type: 'order',
      docno,
      vendorCode: 'V0001',
      storeCode: 'S001',
      docDate: '2026-06-15',
      lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 1, amount: 5, taxPercent: 15 }],
    };
    expect((await callV1(documentsRoute.POST, '/api/v1/documents', { key: writer, method: 'POST', body: doc })).status).toBe(201);
    const ofDoc = (seen: FeedEvent[]) => seen.filter((e) => e.data.docno === docno);
    const seen1 = ofDoc((await readFeedUntil(eventsRoute.GET, sub1, (seen) => ofDoc(seen).length > 0, { after: from1 })).seen);
    expect(seen1).toEqual([
      expect.objectContaining({
        type: 'document.ingested',
        subsidiaryCode: 'SUB01',
        data: expect.objectContaining({ docno, status: 'created' }),
      }),
    ]);
    expect((await readAll(sub2, from2)).seen.filter((e) => e.data.docno === docno)).toEqual([]);
    expect(
      (await callV1(eventsRoute.GET, '/api/v1/events', { key: (await newIntegration({ scopes: ['documents:write'] })).key })).status,
    ).toBe(403);
    expect((await callV1(eventsRoute.GET, '/api/v1/events?after=bogus', { key: sub1 })).status).toBe(422);
  });
});

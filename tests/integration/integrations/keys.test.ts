import { eq, inArray, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries, integrations, subsidiaries } from '@/db/schema';
import * as integrationsRoute from '@/app/api/integrations/route';
import * as integrationRoute from '@/app/api/integrations/[id]/route';
import * as rotateRoute from '@/app/api/integrations/[id]/rotate/route';
import * as meRoute from '@/app/api/v1/me/route';
import { hashApiKey } from '@/lib/domain/integrations/keys';
import { callRoute, sessionHeaders } from '../support/actors';
import { callV1, newIntegration, PORTAL_ADMIN, subsidiaryIds } from '../support/integrations';
import { callAs } from '../support/users';

afterAll(() => pool.end());

const auditActions = async (id: number) =>
  (
    await db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(sql`${auditEntries.entityType} = 'integration' and ${auditEntries.entityId} = ${id}`)
      .orderBy(auditEntries.id)
  ).map((r) => r.action);

describe('managing integrations (browser API, portal admins only)', () => {
  it('creates an integration, shows its key once, stores only its SHA-256 hash, and audits it', async () => {
    const subs = await subsidiaryIds('SUB01', 'SUB02');
    const { status, json } = await callAs(PORTAL_ADMIN, integrationsRoute.POST, '/integrations', {
      method: 'POST',
      body: {
        name: 'Head office ERP',
        subsidiaries: subs,
        scopes: ['documents:write', 'events:read'],
        webhookUrl: 'https://erp.example/hooks',
      },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      name: 'Head office ERP',
      subsidiaries: subs,
      scopes: ['documents:write', 'events:read'],
      webhookUrls: ['https://erp.example/hooks'],
    });
    expect(json.key).toMatch(/^tp_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await db
      .select()
      .from(integrations)
      .where(eq(integrations.id, json.id as number));
    expect(row.keyHash).toBe(hashApiKey(json.key as string));
    expect(JSON.stringify(row)).not.toContain(json.key as string);
    expect(await auditActions(json.id as number)).toEqual(['integration.created']);

    const list = await callAs(PORTAL_ADMIN, integrationsRoute.GET, '/integrations');
    expect(list.status).toBe(200);
    const listed = (list.json.data as Record<string, unknown>[]).find((i) => i.id === json.id)!;
    expect(listed).toMatchObject({ name: 'Head office ERP', lastUsedAt: null, revokedAt: null });
    // Named by the server, in the order of the ids, so the screen loads no list of subsidiaries to name them.
    const names = await db
      .select({ id: subsidiaries.id, name: subsidiaries.name })
      .from(subsidiaries)
      .where(inArray(subsidiaries.id, subs));
    const named = subs.map((id) => names.find((n) => n.id === id)!.name);
    expect(listed.subsidiaryNames).toEqual(named);
    expect(json.subsidiaryNames).toEqual(named);
    expect(JSON.stringify(list.json)).not.toContain(json.key as string);
    expect(JSON.stringify(list.json)).not.toContain(row.keyHash);
  });

  it('refuses every other role with 403, and bad input with 422 naming the field', async () => {
    const body = { name: 'X', subsidiaries: await subsidiaryIds('SUB01'), scopes: ['events:read'] };
    for (const who of [
      'staff@portal.test',
      'retail.admin@portal.test',
      'retail.user@portal.test',
      'supplier@portal.test',
      'supplier.user@portal.test',
    ]) {
      expect((await callAs(who, integrationsRoute.POST, '/integrations', { method: 'POST', body })).status).toBe(403);
      expect((await callAs(who, integrationsRoute.GET, '/integrations')).status).toBe(403);
    }
    const bad = await callAs(PORTAL_ADMIN, integrationsRoute.POST, '/integrations', {
      method: 'POST',
      body: { name: 'X', subsidiaries: [999999], scopes: ['events:read'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveProperty('subsidiaries');
    const scope = await callAs(PORTAL_ADMIN, integrationsRoute.POST, '/integrations', {
      method: 'POST',
      body: { ...body, scopes: ['admin'] },
    });
    expect(scope.status).toBe(422);
    expect(scope.json.errors).toHaveProperty(['scopes.0']);
  });

  it('needs the anti-forgery token to create one', async () => {
    const response = await callRoute(integrationsRoute.POST, '/integrations', {
      method: 'POST',
      headers: await sessionHeaders(PORTAL_ADMIN, { xsrf: false }),
      body: { name: 'X', subsidiaries: await subsidiaryIds('SUB01'), scopes: ['events:read'] },
    });
    expect(response.status).toBe(419);
  });
});

describe('keys on the integration API', () => {
  it('accepts the key on /api/v1 and records its last use at most once a minute', async () => {
    const { id, key, name } = await newIntegration({ subsidiaries: ['SUB02'], scopes: ['events:read'] });
    const me = await callV1(meRoute.GET, '/api/v1/me', { key });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ id, name, subsidiaries: await subsidiaryIds('SUB02'), scopes: ['events:read'] });
    const [first] = await db.select({ at: integrations.lastUsedAt }).from(integrations).where(eq(integrations.id, id));
    expect(first.at).not.toBeNull();
    await callV1(meRoute.GET, '/api/v1/me', { key });
    const [second] = await db.select({ at: integrations.lastUsedAt }).from(integrations).where(eq(integrations.id, id));
    expect(second.at).toEqual(first.at);
    // Over a minute later it is written again.
    await db
      .update(integrations)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(integrations.id, id));
    await callV1(meRoute.GET, '/api/v1/me', { key });
    const [third] = await db.select({ at: integrations.lastUsedAt }).from(integrations).where(eq(integrations.id, id));
    expect(Date.now() - third.at!.getTime()).toBeLessThan(10_000);
  });

  it('answers 401 without a key, with a wrong key, and to a browser session', async () => {
    expect((await callV1(meRoute.GET, '/api/v1/me')).status).toBe(401);
    const wrong = await callV1(meRoute.GET, '/api/v1/me', { key: 'tp_live_notakey' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    const session = await callRoute(meRoute.GET, '/api/v1/me', { headers: await sessionHeaders(PORTAL_ADMIN) });
    expect(session.status).toBe(401);
  });

  it('never lets a key work on the browser API', async () => {
    const { key } = await newIntegration();
    const response = await callRoute(integrationsRoute.GET, '/integrations', {
      headers: { authorization: `Bearer ${key}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status).toBe(401);
  });

  it('stops a revoked key at its next request, and audits the revocation', async () => {
    const { id, key } = await newIntegration();
    expect((await callV1(meRoute.GET, '/api/v1/me', { key })).status).toBe(200);
    const revoked = await callAs(PORTAL_ADMIN, integrationRoute.DELETE, `/integrations/${id}`, {
      method: 'DELETE',
      params: { id: String(id) },
    });
    expect(revoked.status).toBe(200);
    expect((await callV1(meRoute.GET, '/api/v1/me', { key })).status).toBe(401);
    expect(await auditActions(id)).toEqual(['integration.created', 'integration.revoked']);
    const list = await callAs(PORTAL_ADMIN, integrationsRoute.GET, '/integrations');
    expect((list.json.data as { id: number; revokedAt: string | null }[]).find((i) => i.id === id)!.revokedAt).not.toBeNull();
    // A revoked integration gets no new key.
    const rotate = await callAs(PORTAL_ADMIN, rotateRoute.POST, `/integrations/${id}/rotate`, {
      method: 'POST',
      params: { id: String(id) },
    });
    expect(rotate.status).toBe(404);
  });

  it('rotates a key: the new one works, the old one at once does not', async () => {
    const { id, key } = await newIntegration();
    const rotated = await callAs(PORTAL_ADMIN, rotateRoute.POST, `/integrations/${id}/rotate`, {
      method: 'POST',
      params: { id: String(id) },
    });
    expect(rotated.status).toBe(200);
    const newKey = rotated.json.key as string;
    expect(newKey).not.toBe(key);
    expect((await callV1(meRoute.GET, '/api/v1/me', { key })).status).toBe(401);
    expect((await callV1(meRoute.GET, '/api/v1/me', { key: newKey })).status).toBe(200);
    expect(await auditActions(id)).toEqual(['integration.created', 'integration.rotated']);
  });
});

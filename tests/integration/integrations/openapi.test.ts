import { readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { validate, compileErrors } from '@readme/openapi-parser';
import { z } from 'zod';
import type { ZodOpenApiMediaTypeObject, ZodOpenApiOperationObject, ZodOpenApiPathItemObject } from 'zod-openapi';
import { pool } from '@/db/client';
import * as openapiRoute from '@/app/api/v1/openapi.json/route';
import * as meRoute from '@/app/api/v1/me/route';
import * as documentsRoute from '@/app/api/v1/documents/route';
import * as bulkRoute from '@/app/api/v1/documents/bulk/route';
import * as eventsRoute from '@/app/api/v1/events/route';
import { bulkResultSchema, ingestedDocumentSchema } from '@/lib/domain/ingestion/schemas';
import { feedEventSchema } from '@/lib/domain/integrations/event-schemas';
import { webhookHeadersSchema } from '@/lib/domain/webhooks/schemas';
import { sendWebhook } from '@/lib/domain/webhooks/send';
import { v1Contract, v1OpenApiDocument } from '@/lib/http/openapi/v1-contract';
import { callV1, newIntegration, readFeedUntil } from '../support/integrations';

afterAll(() => pool.end());

const V1_DIR = path.join(process.cwd(), 'app/api/v1');
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const NDJSON = 'application/x-ndjson';

/** Every route file under app/api/v1, as the document's path (`[id]` → `{id}`). */
function routeFiles(dir = V1_DIR): { file: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (!/^route\.(ts|tsx|js)$/.test(entry.name)) return [];
    const rel = path.relative(V1_DIR, dir).split(path.sep).filter(Boolean);
    return [{ file: full, path: `/${rel.map((s) => s.replace(/^\[(\w+)\]$/, '{$1}')).join('/')}` }];
  });
}

type Operation = { method: string; path: string; op: ZodOpenApiOperationObject };

function operationsOf(paths: Record<string, ZodOpenApiPathItemObject | undefined>): Operation[] {
  return Object.entries(paths).flatMap(([p, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => HTTP_METHODS.includes(method.toUpperCase()))
      .map(([method, op]) => ({ method: method.toUpperCase(), path: p, op: op as ZodOpenApiOperationObject })),
  );
}

const operations = operationsOf(v1Contract.paths ?? {});
const webhookOperations = operationsOf(v1Contract.webhooks ?? {});

function operation(method: string, p: string): ZodOpenApiOperationObject {
  const found = operations.find((o) => o.method === method && o.path === p);
  if (!found) throw new Error(`${method} ${p} is not in the document`);
  return found.op;
}

/** A real answer must be one the document states: its status listed, its JSON body passing the schema given for it. */
function expectDocumented(method: string, p: string, status: number, body: unknown) {
  const response = operation(method, p).responses?.[String(status) as '200'];
  expect({ [`${method} ${p}`]: status, documented: !!response }).toEqual({ [`${method} ${p}`]: status, documented: true });
  const schema = (response as { content?: Record<string, ZodOpenApiMediaTypeObject> }).content?.['application/json']?.schema;
  if (schema) (schema as z.ZodType).parse(body);
}

const ndjsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);

describe('the /api/v1 OpenAPI document', () => {
  it('has every route file under app/api/v1 and each method it exports, and nothing else', async () => {
    const onDisk: string[] = [];
    for (const { file, path: p } of routeFiles()) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of Object.keys(mod).filter((name) => HTTP_METHODS.includes(name))) onDisk.push(`${method} ${p}`);
    }
    // The file walk itself must have found the routes this API is known to have.
    expect(onDisk).toEqual(expect.arrayContaining(['GET /me', 'POST /documents', 'POST /documents/bulk', 'GET /invoices/{id}/ubl']));
    const documented = Object.entries(v1OpenApiDocument().paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item ?? {})
        .filter((m) => HTTP_METHODS.includes(m.toUpperCase()))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(onDisk.sort());
  });

  it('is valid OpenAPI 3.1', async () => {
    const document = structuredClone(v1OpenApiDocument());
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(document as Parameters<typeof validate>[0]);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    // The validator refuses what is wrong, so its "valid" means something.
    const broken = { ...structuredClone(v1OpenApiDocument()), paths: { '/me': { get: { responses: { '200': { content: {} } } } } } };
    expect((await validate(broken as unknown as Parameters<typeof validate>[0])).valid).toBe(false);
  });

  it('gives every example where a test checks it against the schema it illustrates', () => {
    const document = v1OpenApiDocument() as unknown as Record<string, unknown>;
    const checked = new Set<string>();
    const check = (where: string, schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(`${where}: ${z.prettifyError(result.error)}`);
      checked.add(where);
    };

    // Schemas of their own (components): their .meta examples.
    const components = (document.components as { schemas: Record<string, { examples?: unknown[] }> }).schemas;
    for (const [name, rendered] of Object.entries(components)) {
      const schema = z.globalRegistry._idmap.get(name) as z.ZodType | undefined;
      expect({ name, known: !!schema }).toEqual({ name, known: true });
      (rendered.examples ?? []).forEach((value, i) => check(`components.schemas.${name}.examples.${i}`, schema!, value));
    }
    expect([...checked].length).toBeGreaterThanOrEqual(8);

    // Request and response bodies (NDJSON: each line is one item), and parameters.
    const bulk = '/documents/bulk';
    for (const { method, path: p, op } of [...operations, ...webhookOperations.map((o) => ({ ...o, path: `webhooks.${o.path}` }))]) {
      const base = p.startsWith('webhooks.') ? `${p}.${method.toLowerCase()}` : `paths.${p}.${method.toLowerCase()}`;
      const bodies: [string, Record<string, ZodOpenApiMediaTypeObject | undefined> | undefined, z.ZodType | undefined][] = [
        [`${base}.requestBody.content`, op.requestBody?.content, p === bulk ? ingestedDocumentSchema : undefined],
        ...Object.entries(op.responses ?? {}).map(
          ([status, r]) =>
            [
              `${base}.responses.${status}.content`,
              (r as { content?: Record<string, ZodOpenApiMediaTypeObject> }).content,
              p === bulk ? bulkResultSchema : undefined,
            ] as [string, Record<string, ZodOpenApiMediaTypeObject | undefined> | undefined, z.ZodType | undefined],
        ),
      ];
      for (const [where, content, lineSchema] of bodies)
        for (const [type, media] of Object.entries(content ?? {}))
          for (const [name, example] of Object.entries(media?.examples ?? {})) {
            const value = (example as { value: unknown }).value;
            const at = `${where}.${type}.examples.${name}`;
            if (type === NDJSON) {
              expect(lineSchema).toBeDefined();
              ndjsonLines(value as string).forEach((line, i) => check(`${at} line ${i + 1}`, lineSchema!, line));
              checked.add(at);
            } else check(at, media!.schema as z.ZodType, value);
          }
      for (const params of Object.values(op.requestParams ?? {}))
        for (const [name, field] of Object.entries((params as z.ZodObject).shape)) {
          const example = z.globalRegistry.get(field as z.ZodType)?.example;
          if (example !== undefined) check(`${base}.parameters.${name}`, field as z.ZodType, example);
        }
    }

    // And no example anywhere else in the document, where none of the above would check it.
    const unchecked: string[] = [];
    const walk = (node: unknown, at: string[]) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, child] of Object.entries(node)) {
        const here = [...at, key];
        if (key === 'example' || key === 'examples') {
          const where = here.join('.');
          const param = /^(paths\.[^.]+\.\w+|webhooks\.\w+\.\w+)\.parameters\.(\d+)\.schema\.example$/.exec(where);
          const operationAt =
            param && (document[here[0]] as Record<string, Record<string, { parameters: { name: string }[] }>>)[here[1]][here[2]];
          const name = operationAt && operationAt.parameters[Number(here[4])].name;
          const known =
            checked.has(where) ||
            [...checked].some((c) => c.startsWith(`${where}.`)) ||
            (param && checked.has(`${param[1]}.parameters.${name}`));
          if (!known) unchecked.push(where);
        } else walk(child, here);
      }
    };
    walk(document, []);
    expect(unchecked).toEqual([]);
  });

  it('is what GET /api/v1/openapi.json serves, to anyone, with no key', async () => {
    const { status, json, headers } = await callV1(openapiRoute.GET, '/api/v1/openapi.json');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    expect(json).toEqual(JSON.parse(JSON.stringify(v1OpenApiDocument())));
  });
});

describe('the answers of the real handlers are the ones the document states', () => {
  let key: string;
  let readOnlyKey: string;
  beforeAll(async () => {
    ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
    ({ key: readOnlyKey } = await newIntegration({ subsidiaries: ['SUB01'], scopes: ['events:read'] }));
  });

  it('GET /me, with and without a working key', async () => {
    const ok = await callV1(meRoute.GET, '/api/v1/me', { key });
    expectDocumented('GET', '/me', ok.status, ok.json);
    const refused = await callV1(meRoute.GET, '/api/v1/me', { key: 'tp_live_wrong' });
    expect(refused.status).toBe(401);
    expectDocumented('GET', '/me', refused.status, refused.json);
  });

  it('POST /documents takes its JSON and XML examples as they are, and refuses as stated', async () => {
    const [document] = z.globalRegistry.get(ingestedDocumentSchema)!.examples as unknown[];
    const json = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: document });
    expect([200, 201]).toContain(json.status);
    expectDocumented('POST', '/documents', json.status, json.json);
    const again = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: document });
    expect(again.json.status).toBe('unchanged');
    expectDocumented('POST', '/documents', again.status, again.json);

    const xml = (operation('POST', '/documents').requestBody!.content['application/xml']!.schema as z.ZodType).meta()!.examples as string[];
    for (const body of xml) {
      const answer = await callV1(documentsRoute.POST, '/api/v1/documents', {
        key,
        method: 'POST',
        body,
        headers: { 'content-type': 'application/xml' },
      });
      expect({ status: answer.status, body: answer.json }).toEqual({
        status: expect.any(Number),
        body: expect.objectContaining({ docno: 'PO-100236' }),
      });
      expectDocumented('POST', '/documents', answer.status, answer.json);
    }

    const invalid = await callV1(documentsRoute.POST, '/api/v1/documents', {
      key,
      method: 'POST',
      body: { ...(document as object), lines: [{ lineNumber: 1, catalogueCode: '101001', qty: -1, amount: 1, taxPercent: 15 }] },
    });
    expect(invalid.status).toBe(422);
    expectDocumented('POST', '/documents', invalid.status, invalid.json);
    const notJson = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: '{"type":' });
    expectDocumented('POST', '/documents', notJson.status, notJson.json);
    const noScope = await callV1(documentsRoute.POST, '/api/v1/documents', { key: readOnlyKey, method: 'POST', body: document });
    expect(noScope.status).toBe(403);
    expectDocumented('POST', '/documents', noScope.status, noScope.json);
  });

  it('POST /documents/bulk answers each line of its example with a documented line result', async () => {
    const content = operation('POST', '/documents/bulk').requestBody!.content[NDJSON]!;
    const body = (content.examples!.documents as { value: string }).value;
    const answer = await callV1(bulkRoute.POST, '/api/v1/documents/bulk', {
      key,
      method: 'POST',
      body,
      headers: { 'content-type': NDJSON },
    });
    expectDocumented('POST', '/documents/bulk', answer.status, undefined);
    const lines = ndjsonLines(answer.text);
    expect(lines).toHaveLength(ndjsonLines(body).length);
    for (const line of lines) expect(bulkResultSchema.parse(line).status).toBe('unchanged');
  });

  it('GET /events hands out events that pass the Event schema, and refuses a bad cursor as stated', async () => {
    const [document] = z.globalRegistry.get(ingestedDocumentSchema)!.examples as Record<string, unknown>[];
    const docno = `OA-${randomUUID().slice(0, 8)}`;
    await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: { ...document, docno } });
    const { seen } = await readFeedUntil(eventsRoute.GET, key, (events) => events.some((e) => e.data.docno === docno));
    const event = seen.find((e) => e.data.docno === docno);
    expect(feedEventSchema.parse(event).type).toBe('document.ingested');
    const page = await callV1(eventsRoute.GET, '/api/v1/events?limit=5', { key });
    expectDocumented('GET', '/events', page.status, page.json);
    const bad = await callV1(eventsRoute.GET, '/api/v1/events?after=yesterday', { key });
    expect(bad.status).toBe(422);
    expectDocumented('GET', '/events', bad.status, bad.json);
    // The feed waits for every older transaction on the server to end, other databases' tests' included (readFeedUntil).
  }, 60_000);

  it('a webhook carries the headers the webhooks section states', async () => {
    let received: IncomingHttpHeaders | undefined;
    const server = createServer((req, res) => {
      received = req.headers;
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const result = await sendWebhook({ url, messageId, secret, body: '{}' }, 5_000);
      expect(result.ok).toBe(true);
      const headers = webhookHeadersSchema.parse(received);
      expect(headers['webhook-id']).toBe(messageId);
      expect(webhookOperations[0].op.requestParams?.header).toBe(webhookHeadersSchema);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

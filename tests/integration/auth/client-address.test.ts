import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';

/*
 * The client's address as the portal's HTTP server sees it (lib/net/peer-address.ts, lib/http/client-ip.ts):
 * real sockets from several loopback addresses to a Node server that hands each request to the route
 * handler as Next does (the headers as they arrived, ours included). 127.0.0.2 stands for a proxy of
 * ours; every other address is a client talking to the portal directly.
 */
process.env.TRUSTED_PROXIES = '127.0.0.2';
// Each sign-in is a bcrypt comparison; twenty of them in one test.
jest.setTimeout(60_000);
const PROXY = '127.0.0.2';
const XSRF = 'client-address-xsrf';
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let server: http.Server;
let port: number;
let stopCapturing: () => void;
let closeApp: () => Promise<void>;
let THROTTLE: typeof import('@/lib/domain/auth/throttle').THROTTLE;

beforeAll(async () => {
  // Loaded only now, so lib/env reads TRUSTED_PROXIES as set above.
  const { capturePeerAddresses } = await import('@/lib/net/peer-address');
  const routes: Record<string, Handler> = {
    '/login': (await import('@/app/api/login/route')).POST,
    '/password/email': (await import('@/app/api/password/email/route')).POST,
  };
  THROTTLE = (await import('@/lib/domain/auth/throttle')).THROTTLE;
  const { pool } = await import('@/db/client');
  closeApp = () => pool.end();
  stopCapturing = capturePeerAddresses();
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, String(value));
    const request = new Request(`http://localhost${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
    const response = await routes[req.url!](request, { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  stopCapturing();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeApp();
  await db.end();
});

type Answer = { status: number; body: { message?: string } };

/** A JSON POST over a real socket from the loopback address `from`, with any headers the client chooses. */
function post(path: string, body: unknown, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-requested-with': 'XMLHttpRequest',
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : {} }));
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

const addressesOf = async (table: 'login_failures' | 'password_reset_requests', emailLike: string) =>
  (await db.query(`select distinct ip from ${table} where email like $1`, [emailLike])).rows.map((r) => r.ip);

const activityAddresses = async (activity: string, emailLike: string) =>
  (await db.query(`select distinct ip from user_activities where activity = $1 and user_email like $2`, [activity, emailLike])).rows.map(
    (r) => r.ip,
  );

describe("the client's address", () => {
  it('throttles a client that rotates X-Forwarded-For by its socket address, and logs that address', async () => {
    const client = '127.0.0.3';
    for (let i = 0; i < THROTTLE.perIp; i++) {
      const answer = await post('/login', { email: `rotate.${i}@nowhere.test`, password: 'guess' }, client, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(answer.status).toBe(422);
    }
    const refused = await post('/login', { email: 'rotate.last@nowhere.test', password: 'guess' }, client, {
      'x-forwarded-for': '203.0.113.200',
    });
    expect(refused.status).toBe(429);
    expect(await addressesOf('login_failures', 'rotate.%@nowhere.test')).toEqual([client]);
    expect(await activityAddresses('login-failed', 'rotate.%@nowhere.test')).toEqual([client]);
  });

  it("takes the client from a trusted proxy's X-Forwarded-For, the nearest address the proxy did not add", async () => {
    const failed = await post('/login', { email: 'proxied.fail@nowhere.test', password: 'guess' }, PROXY, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(failed.status).toBe(422);
    expect(await addressesOf('login_failures', 'proxied.fail@nowhere.test')).toEqual(['198.51.100.7']);
    // What the client wrote before the proxy appended the address it saw does not count.
    const signedIn = await post('/login', { email: 'retail.user@portal.test', password: DEMO_PASSWORD }, PROXY, {
      'x-forwarded-for': '6.6.6.6, 198.51.100.8',
    });
    expect(signedIn.status).toBe(200);
    const { rows } = await db.query(
      `select ip from user_activities where activity = 'login' and user_email = 'retail.user@portal.test' order by id desc limit 1`,
    );
    expect(rows[0].ip).toBe('198.51.100.8');
  });

  it('does not count the clients behind a trusted proxy as one address', async () => {
    for (let i = 0; i < THROTTLE.perIp; i++)
      await post('/login', { email: `behind.${i}@nowhere.test`, password: 'guess' }, PROXY, { 'x-forwarded-for': '198.51.100.20' });
    const same = await post('/login', { email: 'behind.x@nowhere.test', password: 'guess' }, PROXY, { 'x-forwarded-for': '198.51.100.20' });
    expect(same.status).toBe(429);
    const other = await post('/login', { email: 'behind.y@nowhere.test', password: 'guess' }, PROXY, {
      'x-forwarded-for': '198.51.100.21',
    });
    expect(other.status).toBe(422);
  });

  it("ignores a client's own copy of the header the server writes the socket address into", async () => {
    const client = '127.0.0.5';
    const answer = await post('/login', { email: 'forged.peer@nowhere.test', password: 'guess' }, client, {
      'x-portal-peer': PROXY,
      'x-forwarded-for': '198.51.100.30',
    });
    expect(answer.status).toBe(422);
    expect(await addressesOf('login_failures', 'forged.peer@nowhere.test')).toEqual([client]);
  });

  it('counts password-reset requests by the socket address too', async () => {
    const client = '127.0.0.6';
    for (let i = 0; i < 3; i++) {
      const answer = await post('/password/email', { email: `reset.rotate.${i}@nowhere.test` }, client, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(answer.status).toBe(200);
    }
    expect(await addressesOf('password_reset_requests', 'reset.rotate.%@nowhere.test')).toEqual([client]);
  });
});

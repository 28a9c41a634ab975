import net from 'node:net';
import type pg from 'pg';

/*
 * GET /readyz itself, with its own pool, while the PostgreSQL it uses stops and comes back (issue 28). The
 * pool reaches PostgreSQL through a TCP relay this test stops: connections cut and refused, as a stopped
 * server looks to its clients.
 */
const target = new URL(process.env.DATABASE_URL!);
const sockets = new Set<net.Socket>();
let relay: net.Server | undefined;
let port = 0;
let readyz: () => Promise<Response>;
let pool: pg.Pool;

function startRelay(): Promise<void> {
  relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(server).pipe(client);
  });
  return new Promise((resolve) =>
    relay!.listen(port, '127.0.0.1', () => {
      port = (relay!.address() as net.AddressInfo).port;
      resolve();
    }),
  );
}

function stopRelay(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
}

beforeAll(async () => {
  await startRelay();
  // The route's own modules, loaded afresh on a pool that goes through the relay.
  const url = new URL(target);
  url.port = String(port);
  process.env.DATABASE_URL = url.toString();
  delete globalThis.__portalPool;
  jest.resetModules();
  ({ GET: readyz } = await import('@/app/api/readyz/route'));
  ({ pool } = await import('@/db/client'));
});

afterAll(async () => {
  await pool.end();
  await stopRelay();
});

it('answers 200 while PostgreSQL answers, 503 naming only the database once it stops, and 200 when it is back', async () => {
  const first = await readyz();
  expect(first.status).toBe(200);
  expect(pool.totalCount).toBeGreaterThan(0); // the check went through the relay

  await stopRelay();
  const stopped = await readyz();
  expect(stopped.status).toBe(503);
  expect(stopped.headers.get('cache-control')).toBe('no-store');
  const body = await stopped.text();
  expect(JSON.parse(body)).toEqual({ status: 'not ready', failed: ['database'] });
  expect(body).not.toMatch(/ECONN|127\.0\.0\.1|postgres/);

  await startRelay();
  expect((await readyz()).status).toBe(200);
});

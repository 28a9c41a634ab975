import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendFetchResponse, toFetchRequest } from '../../server/node-bridge';

/** The Node ↔ Fetch bridge of the production server, on a real socket. */
async function serve(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it('stops sending and cancels the body when the client goes away mid-download', async () => {
  let cancelled = false;
  let settled: Promise<void> | null = null;
  const endless = new ReadableStream<Uint8Array>({
    pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
    cancel: () => {
      cancelled = true;
    },
  });
  const { url, close } = await serve((req, res) => {
    settled = sendFetchResponse(new Response(endless), res, req.method);
  });
  await new Promise<void>((resolve) => {
    const request = http.get(url, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', () => {});
  });
  await expect(
    Promise.race([settled!, new Promise((_, reject) => setTimeout(() => reject(new Error('still sending')), 3000))]),
  ).resolves.toBeUndefined();
  expect(cancelled).toBe(true);
  await close();
});

it('keeps a path that starts with two slashes on our own origin', async () => {
  let seen = '';
  const { url, close } = await serve((req, res) => {
    seen = toFetchRequest(req, 'http://portal.test').url;
    res.end();
  });
  await new Promise<void>((resolve) => http.get(`${url}//divisions?limit=1`, (r) => r.resume().on('end', resolve)));
  expect(seen).toBe('http://portal.test//divisions?limit=1');
  await close();
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A Fetch Request for a Node request, as Next hands route handlers; the body streams on demand. */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a Fetch Response to Node's response: status, every header (each Set-Cookie apart) and the body. */
export async function sendFetchResponse(response: Response, res: ServerResponse, method: string | undefined): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

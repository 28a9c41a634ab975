import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { jsonTextOf } from '../lib/http/errors';

/** A Fetch Request for a Node request, as Next hands route handlers; the body streams on demand. */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // origin + path, not new URL(path, origin): a path starting '//' would read as another host.
  return new Request(`${origin}${req.url ?? '/'}`, {
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
  const text = jsonTextOf(response);
  if (text !== undefined && method !== 'HEAD') {
    res.end(text);
    return;
  }
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  // A client that goes away mid-body never drains: stop then, and leaving the loop cancels the body.
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
    if (res.destroyed) break;
  }
  if (!res.destroyed) res.end();
}

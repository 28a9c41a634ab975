import { randomBytes } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/*
 * A route handler sees headers, never the socket, and Next passes on whatever `X-Forwarded-For` a
 * client sends. So every web process (npm start's server/main.ts, the image's standalone server.js,
 * next dev) has its Node HTTP server write the socket's peer into a header of its own as each request
 * arrives (Node's `http.server.request.start` diagnostics channel, before Next sees the request). The
 * header carries a random key made when the process started: a client can send a header of that name,
 * but not with the key, so a written one is never mistaken for ours (also for a request that arrived
 * in the moment before the subscription, whose header nobody overwrote).
 */

export const PEER_HEADER = 'x-portal-peer';

// On globalThis, not in this module: Next bundles the instrumentation hook and each route apart, and
// they must all see one key.
const KEY = Symbol.for('trade-portal.peer-key');
type WithKey = typeof globalThis & { [KEY]?: string };

type RequestStart = { request: IncomingMessage; socket: Socket };

function writePeer(message: unknown): void {
  const { request, socket } = message as RequestStart;
  request.headers[PEER_HEADER] = `${(globalThis as WithKey)[KEY]} ${socket.remoteAddress ?? ''}`;
}

/** Starts writing each incoming request's peer address; once per process (instrumentation.ts). */
export function capturePeerAddresses(): () => void {
  const global = globalThis as WithKey;
  if (!global[KEY]) {
    global[KEY] = randomBytes(16).toString('hex');
    subscribe('http.server.request.start', writePeer);
  }
  return () => unsubscribe('http.server.request.start', writePeer);
}

/** Whether this process captures peer addresses: false only outside an HTTP server (a handler called directly). */
export const capturesPeerAddresses = (): boolean => Boolean((globalThis as WithKey)[KEY]);

/** The peer address our HTTP server wrote into the request, or null when the header is missing or not ours. */
export function peerAddressOf(header: string | null | undefined): string | null {
  const key = (globalThis as WithKey)[KEY];
  if (!key || !header?.startsWith(`${key} `)) return null;
  return header.slice(key.length + 1) || null;
}

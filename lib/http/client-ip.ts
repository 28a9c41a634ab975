import { env, trustedProxies } from '../env';
import { resolveClientAddress, UNKNOWN_ADDRESS } from '../net/client-address';
import { capturesPeerAddresses, PEER_HEADER, peerAddressOf } from '../net/peer-address';

type HeaderOf = (name: string) => string | null | undefined;

/**
 * The client's real address (lib/net/client-address.ts): the socket's peer as our HTTP server wrote
 * it, or the client a trusted proxy in front of us names in `X-Forwarded-For`. What sign-in throttling,
 * the password-reset limit and the activity log record.
 */
export function clientIp(req: Request): string {
  return clientAddressOf((name) => req.headers.get(name));
}

/** The same for headers in another shape (next-auth's `authorize` gets a plain object). */
export function clientAddressOf(header: HeaderOf): string {
  const forwardedFor = header('x-forwarded-for') ?? null;
  const peer = peerAddressOf(header(PEER_HEADER));
  if (peer) return resolveClientAddress(peer, forwardedFor, trustedProxies);
  // No socket at all: a handler called in-process, as the integration tests do. Only there does the
  // caller's X-Forwarded-For stand for the socket; a served request always has our header.
  if (!capturesPeerAddresses() && env.NODE_ENV === 'test' && forwardedFor) {
    const hops = forwardedFor.split(',');
    return resolveClientAddress(hops.pop()!, hops.join(',') || null, trustedProxies);
  }
  return UNKNOWN_ADDRESS;
}

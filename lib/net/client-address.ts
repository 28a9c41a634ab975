import net from 'node:net';

/*
 * Which address a request came from. The socket's peer is the only address nobody can forge; an
 * `X-Forwarded-For` header is text the client writes, so it counts only when the peer is a proxy we
 * run (TRUSTED_PROXIES). Sign-in throttling, the password-reset limit and the activity log all key on
 * this address, so a client that rotates the header neither escapes a limit nor writes the log.
 */

/** The address used when a request carries no usable peer address at all (docs/architecture.md, Security). */
export const UNKNOWN_ADDRESS = 'unknown';

/** TRUSTED_PROXIES: a comma-separated list of addresses and CIDR ranges (IPv4 or IPv6); empty trusts nobody. */
export function parseTrustedProxies(list: string): net.BlockList {
  const trusted = new net.BlockList();
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const bitsValid = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || extra !== undefined || !bitsValid) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return trusted;
}

/**
 * One hop's address in a comparable form, or null when it is not an address: IPv4-mapped IPv6
 * (`::ffff:10.0.0.1`, how a dual-stack socket reports IPv4 peers) becomes plain IPv4, and a port or
 * brackets some proxies add (`[::1]:443`, `10.0.0.1:5000`) are dropped.
 */
export function normaliseAddress(text: string): string | null {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:([\d.]+)$/i.exec(address);
  if (mapped) address = mapped[1];
  const family = net.isIP(address);
  if (family === 4) return address;
  if (family === 6) return address.toLowerCase();
  return null;
}

const isTrusted = (address: string, trusted: net.BlockList) => trusted.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The client's address: the hops are the `X-Forwarded-For` entries followed by the socket's peer, and
 * the client is the nearest hop, walking back from the peer, that is not a trusted proxy. A hop that is
 * not an address ends the walk at the last good one, so text a client wrote never becomes the answer.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null, trusted: net.BlockList): string {
  const hops = [...(forwardedFor ? forwardedFor.split(',') : []), peer].map(normaliseAddress);
  let client = UNKNOWN_ADDRESS;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return client;
}

import { createHash, randomBytes } from 'node:crypto';

/** Keys start with this, so a key pasted somewhere it should not be is recognisable (secret scanners match it). */
export const KEY_PREFIX = 'tp_live_';

/** A new key: 32 random bytes, base64url, behind the prefix. */
export function newApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * Only this is stored. A key holds 256 random bits, so a fast hash is enough (nothing to guess from a
 * dictionary), and it lets a request find its integration with one indexed look-up.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What the admin screen shows of a key: the prefix and a few characters, enough to tell keys apart. */
export const keyHint = (key: string) => key.slice(0, KEY_PREFIX.length + 6);

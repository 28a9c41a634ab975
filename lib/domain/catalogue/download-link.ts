import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../env';

/** Spec §9: e-mailed downloads expire after one hour. */
export const DOWNLOAD_LINK_MS = 60 * 60 * 1000;

const signatureOf = (fileId: number, userId: number, expiresAt: number) =>
  createHmac('sha256', env.NEXTAUTH_SECRET).update(`catalogue-download:${fileId}:${userId}:${expiresAt}`).digest('base64url');

/** The token of a download link: which file, until when (seconds since 1970), signed for the user it was made for. */
export function downloadToken(fileId: number, userId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${fileId}.${seconds}.${signatureOf(fileId, userId, seconds)}`;
}

/** The parts of a well-formed token, or null; whether it is signed for a user is checked with `isSignedFor`. */
export function parseDownloadToken(token: string): { fileId: number; expiresAt: Date; signature: string } | null {
  const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { fileId: Number(match[1]), expiresAt: new Date(Number(match[2]) * 1000), signature: match[3] };
}

export function isSignedFor(token: { fileId: number; expiresAt: Date; signature: string }, userId: number): boolean {
  const expected = Buffer.from(signatureOf(token.fileId, userId, Math.floor(token.expiresAt.getTime() / 1000)));
  const given = Buffer.from(token.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const downloadUrl = (token: string) => `${env.APP_URL.replace(/\/$/, '')}/downloads/${token}`;

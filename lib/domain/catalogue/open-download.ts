import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../../../db/client';
import { uploadedFiles } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { systemClock, type Clock } from '../clock';
import { NotFoundError } from '../errors';
import { isSignedFor, parseDownloadToken } from './download-link';

export const DOWNLOAD_PURPOSES = ['items-download', 'pricing-download'] as const;

export type OpenedDownload =
  { status: 'expired'; expiredAt: Date } | { status: 'ready'; fileName: string; content: Buffer; expiresAt: Date };

/**
 * An e-mailed download link (GET /downloads/{token}): the workbook, for the user it was made for,
 * until its hour is over; after that 'expired'. A token that is forged, altered, or opened by anyone
 * else is not found, like any row outside one's scope.
 */
export async function openDownload(actor: Actor, token: string, clock: Clock = systemClock): Promise<OpenedDownload> {
  const parsed = parseDownloadToken(token);
  if (!parsed || !isSignedFor(parsed, actor.userId)) throw new NotFoundError('No such download.');
  if (clock().getTime() > parsed.expiresAt.getTime()) return { status: 'expired', expiredAt: parsed.expiresAt };
  const [file] = await db
    .select({ fileName: uploadedFiles.fileName, content: uploadedFiles.content })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.id, parsed.fileId),
        eq(uploadedFiles.uploadedBy, actor.userId),
        inArray(uploadedFiles.purpose, [...DOWNLOAD_PURPOSES]),
      ),
    );
  if (!file) throw new NotFoundError('No such download.');
  return { status: 'ready', ...file, expiresAt: parsed.expiresAt };
}

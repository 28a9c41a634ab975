import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges, uploadedFiles, vendors, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { can } from '../../auth/permissions';
import { CONTENT_TYPES, sniffFileKind } from '../../files/file-kind';
import { findVisibleDocument } from '../documents/queries';
import { NotFoundError } from '../errors';

export type StoredFile = { fileName: string; contentType: string; content: Buffer };

export const FILE_NOT_FOUND = 'File not found.';

/** The type a file is by its bytes (files are checked on upload; this never trusts a stored claim). */
function served(row: { fileName: string; contentType: string; content: Buffer }): StoredFile {
  const kind = sniffFileKind(row.content);
  return {
    fileName: safeFileName(row.fileName),
    contentType: kind ? CONTENT_TYPES[kind] : 'application/octet-stream',
    content: row.content,
  };
}

/** A name that is safe inside a Content-Disposition header. */
export function safeFileName(name: string): string {
  return (
    name
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 120) || 'file'
  );
}

async function fileWhere(condition: SQL): Promise<StoredFile | null> {
  const [row] = await db
    .select({ fileName: uploadedFiles.fileName, contentType: uploadedFiles.contentType, content: uploadedFiles.content })
    .from(uploadedFiles)
    .where(condition)
    .limit(1);
  return row ? served(row) : null;
}

/** GET /xdocs/{id}/scan-pdf: the scanned image (or attached file) of a document in scope. */
export async function documentScan(actor: Actor, key: string): Promise<StoredFile> {
  const doc = await findVisibleDocument(actor.scope, key);
  const file = doc.scanFileId ? await fileWhere(eq(uploadedFiles.id, doc.scanFileId)) : null;
  if (!file) throw new NotFoundError(`${doc.docno} has no scanned document.`);
  return file;
}

/**
 * A certificate a vendor-data change in the actor's scope proposes or replaces: the one in its new or old
 * values, or, for a change still pending that recorded none, the vendor's certificate now (what the
 * master-data review shows beside the proposed one).
 */
function certificateOfChange(actor: Actor): SQL {
  const id = sql`${uploadedFiles.id}::text`;
  const vendorHolds = sql`exists (select 1 from ${vendors} where ${vendors.id} = ${masterdataChanges.vendorId} and ${vendors.bbbeeFileId} = ${uploadedFiles.id})`;
  return sql`exists (select 1 from ${masterdataChanges} where ${masterdataChanges.eventType} = 'vendor.update'
    and (${masterdataChanges.newValues} ->> 'bbbeeFileId' = ${id} or ${masterdataChanges.oldValues} ->> 'bbbeeFileId' = ${id}
      or (${masterdataChanges.status} = 'pending' and ${vendorHolds}))
    and ${actor.scope.masterdataChanges()})`;
}

/**
 * GET /files/{id}/download: a stored file, only when it is one the actor may see (contracts.md): the
 * scan or attachment of a document in its scope, the B-BBEE certificate of a vendor it may manage (a
 * supplier its own), or a certificate of a vendor-data change it may review. Anything else is 404,
 * like a file that does not exist.
 */
export async function downloadFile(actor: Actor, fileId: number): Promise<StoredFile> {
  const ofDocument = sql`exists (select 1 from ${xdocs} where ${xdocs.scanFileId} = ${uploadedFiles.id} and ${actor.scope.documents()})`;
  const mayManageVendors = actor.kind === 'vendor' || can(actor, 'vendors.manage');
  const ofVendor = mayManageVendors
    ? sql`exists (select 1 from ${vendors} where ${vendors.bbbeeFileId} = ${uploadedFiles.id} and ${actor.scope.vendors()})`
    : undefined;
  const ofChange = can(actor, 'masterdata.read') ? certificateOfChange(actor) : undefined;
  const file = await fileWhere(and(eq(uploadedFiles.id, fileId), or(ofDocument, ofVendor, ofChange))!);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND);
  return file;
}

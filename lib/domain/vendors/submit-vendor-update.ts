import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges, uploadedFiles, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudit } from '../audit/record';
import { ConflictError, NotFoundError } from '../errors';
import { pendingUpdateOf, VENDOR_ID, VENDOR_UPDATE_EVENT } from './queries';
import { notifyChangesWaiting } from '../notifications/changes-waiting';
import type { VendorUpdateForm } from './schemas';

export const VENDOR_UPDATE_SUBMITTED = 'Submitted successfully';

/** A certificate file already checked by its content and size (lib/http/body.ts). */
export type CertificateFile = { fileName: string; contentType: string; bytes: Buffer };

/**
 * POST /vendors/update: proposes new vendor data (and a B-BBEE certificate) for approval. The file is
 * stored at once (uploaded_files, purpose 'bbbee', so every replica can serve it); the vendor row stays
 * as it is until the change is approved (issue 13). One 'vendor.update' master-data record holds the
 * old and the proposed data; a vendor has at most one waiting at a time. Suppliers change only vendors
 * they hold write on; staff any vendor.
 */
export async function submitVendorUpdate(
  actor: Actor,
  { vendor: input }: VendorUpdateForm,
  file: CertificateFile | undefined,
  { ip }: { ip?: string } = {},
) {
  assertCan(actor, 'vendors.manage');
  const g = actor.scope.grants;
  if (g.kind === 'vendors' ? !g.write.includes(input.id) : g.kind !== 'all') throw new NotFoundError('Vendor not found.');
  return db.transaction(async (tx) => {
    const [vendor] = await tx
      .select({
        id: vendors.id,
        code: vendors.code,
        vendordata: vendors.vendordata,
        certificate: vendors.bbbeeFileId,
        pending: pendingUpdateOf(VENDOR_ID).mapWith(Boolean),
      })
      .from(vendors)
      .where(and(eq(vendors.id, input.id), actor.scope.vendors()))
      .for('update', { of: vendors });
    if (!vendor) throw new NotFoundError('Vendor not found.');
    if (vendor.pending) throw new ConflictError(`A change of vendor ${vendor.code} is already waiting for approval.`);
    const [stored] = file
      ? await tx
          .insert(uploadedFiles)
          .values({
            fileName: file.fileName,
            contentType: file.contentType,
            byteSize: file.bytes.length,
            content: file.bytes,
            purpose: 'bbbee',
            uploadedBy: actor.userId,
          })
          .returning({ id: uploadedFiles.id })
      : [];
    const newValues = { ...vendor.vendordata, ...input.vendordata, ...(stored ? { bbbeeFileId: stored.id } : {}) };
    const [change] = await tx
      .insert(masterdataChanges)
      .values({
        processId: randomUUID(),
        eventType: VENDOR_UPDATE_EVENT,
        status: 'pending',
        vendorId: vendor.id,
        fileId: stored?.id ?? null,
        // The certificate it replaces too, so the review shows old beside new after the decision as well.
        oldValues: { ...vendor.vendordata, ...(vendor.certificate ? { bbbeeFileId: vendor.certificate } : {}) },
        newValues,
        requestedBy: actor.userId,
      })
      .returning({ id: masterdataChanges.id, processId: masterdataChanges.processId });
    await recordAudit(tx, actor, {
      entityType: 'vendor',
      entityId: vendor.id,
      action: 'update-vendor',
      descr: `Proposed new data for vendor ${vendor.code}${stored ? ' with a B-BBEE certificate' : ''}`,
    });
    await recordActivity(tx, actor, 'update-vendor', { ip, detail: { vendor: vendor.code, processId: change.processId } });
    await notifyChangesWaiting(tx, vendor.id, 'masterdata', 1, actor.userId);
    return { message: VENDOR_UPDATE_SUBMITTED, process_id: change.processId, bbbee_file_id: stored?.id ?? null };
  });
}

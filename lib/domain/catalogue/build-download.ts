import type { Tx } from '../../../db/client';
import { uploadedFiles } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { CONTENT_TYPES } from '../../files/file-kind';
import { xlsxBuffer, xlsxSheet } from '../../exports/xlsx';
import { systemClock, type Clock } from '../clock';
import { ITEM_EXPORT_COLUMNS } from '../items/export-columns';
import { allItemsInBatches } from '../items/queries';
import { PRICING_EXPORT_COLUMNS } from '../pricing/export-columns';
import { allPricingsInBatches } from '../pricing/queries';
import { actorOfUser } from '../../auth/actor';
import { DOWNLOAD_LINK_MS, downloadToken, downloadUrl } from './download-link';
import { EXPORT_FILE_NAME } from './export-selected';
import type { CatalogueKind } from './upload-templates';
import { formatDateTime, PORTAL_TIME_LABEL } from '../../format/dates';

/**
 * The worker's half of an e-mailed download (job 'catalogue-download'): the whole list the user may
 * see, written by the streaming workbook writer from batches of rows, stored, and e-mailed as a link
 * that works for one hour. In the job's transaction: a failed run stores nothing and sends nothing.
 * Returns the link's token (null when the user can no longer sign in).
 */
export async function buildCatalogueDownload(
  tx: Tx,
  userId: number,
  kind: CatalogueKind,
  clock: Clock = systemClock,
): Promise<string | null> {
  const user = await actorOfUser(userId);
  if (!user) return null;
  const content = await xlsxBuffer([
    kind === 'items'
      ? xlsxSheet('Items', ITEM_EXPORT_COLUMNS, allItemsInBatches(user.scope))
      : xlsxSheet('Pricing', PRICING_EXPORT_COLUMNS, allPricingsInBatches(user.scope)),
  ]);
  const [file] = await tx
    .insert(uploadedFiles)
    .values({
      fileName: EXPORT_FILE_NAME,
      contentType: CONTENT_TYPES.xlsx,
      content,
      byteSize: content.length,
      purpose: `${kind}-download`,
      uploadedBy: userId,
    })
    .returning({ id: uploadedFiles.id });
  const expiresAt = new Date(clock().getTime() + DOWNLOAD_LINK_MS);
  const token = downloadToken(file.id, userId, expiresAt);
  const label = kind === 'items' ? 'items' : 'pricing';
  await enqueueInOutbox(tx, 'send-email', {
    to: user.email,
    template: 'notification',
    data: {
      subject: `Your ${label} download is ready`,
      lines: [
        `Your ${label} download is ready: ${downloadUrl(token)}`,
        `The link works for one hour, until ${formatDateTime(expiresAt)} ${PORTAL_TIME_LABEL}, and only when you are signed in.`,
      ],
    },
  });
  return token;
}

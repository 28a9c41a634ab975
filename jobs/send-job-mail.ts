import { inArray } from 'drizzle-orm';
import { uploadedFiles } from '../db/schema';
import { messageIdFor, sendMail, type MailAttachment, type RenderedEmail, type SentMail } from '../emails';
import type { JobContext } from './outbox-job';

/** A file to attach: its bytes or a path the worker can read (MailAttachment), or a stored file by id (uploaded_files). */
export type JobAttachment = MailAttachment | { fileId: number };

/**
 * Sends a background job's e-mail, with its attachments, under the Message-ID of the job's effectKey: a job
 * repeated after a crash sends the same Message-ID, so the recipient's mail system sees one message. Stored
 * files are read in the job's transaction.
 */
export async function sendMailWithAttachments(
  { tx, effectKey }: Pick<JobContext, 'tx' | 'effectKey'>,
  message: RenderedEmail & { to: string },
  attachments: readonly JobAttachment[] = [],
): Promise<SentMail> {
  const fileIds = attachments.flatMap((a) => ('fileId' in a ? [a.fileId] : []));
  const stored: MailAttachment[] = fileIds.length
    ? await tx
        .select({ filename: uploadedFiles.fileName, content: uploadedFiles.content, contentType: uploadedFiles.contentType })
        .from(uploadedFiles)
        .where(inArray(uploadedFiles.id, fileIds))
    : [];
  const files = [...attachments.filter((a): a is MailAttachment => !('fileId' in a)), ...stored];
  return sendMail({ ...message, attachments: files.length ? files : undefined, messageId: messageIdFor(effectKey) });
}

import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { uploadedFiles } from '../../db/schema';
import { messageIdFor, renderEmail, sendMail, type MailAttachment } from '../../emails';
import { sendEmailPayloadSchema, type SendEmailPayload } from '../definitions';
import { outboxProcessor, processOutboxRow, type OutboxJobDefinition } from '../outbox-job';
import { isEmailDisabled } from '../../lib/domain/preferences/email-preferences';

/**
 * Sends one e-mail; the base (outbox-job.ts) makes it happen once per outbox row. A notification whose
 * code the recipient turned off (e-mail preferences) is not sent, and its row is done all the same.
 */
export const sendEmailJob: OutboxJobDefinition<SendEmailPayload, boolean> = {
  schema: sendEmailPayloadSchema,
  async run({ to, code, template, data, attachFileIds }, { tx, effectKey }) {
    if (code && (await isEmailDisabled(tx, to, code))) return false;
    const attachments = attachFileIds?.length ? await attachmentsOf(tx, attachFileIds) : undefined;
    await sendMail({ to, ...renderEmail(template, data), attachments, messageId: messageIdFor(effectKey) });
    return true;
  },
};

function attachmentsOf(tx: Tx, ids: number[]): Promise<MailAttachment[]> {
  return tx
    .select({ filename: uploadedFiles.fileName, content: uploadedFiles.content, contentType: uploadedFiles.contentType })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.id, ids));
}

/** 'skipped': already processed, or not sent because the recipient turned its code off. */
export type EmailOutcome = 'sent' | 'skipped';

/** Processes one e-mail row directly (tests, tools); the worker goes through the processor below. */
export async function processEmailRow(outboxId: number, options: { isFinalAttempt?: boolean } = {}): Promise<EmailOutcome> {
  const outcome = await processOutboxRow(outboxId, sendEmailJob, options);
  return outcome.status === 'done' && outcome.result ? 'sent' : 'skipped';
}

export const sendEmailProcessor = outboxProcessor(sendEmailJob);

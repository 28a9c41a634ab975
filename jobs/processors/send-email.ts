import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { uploadedFiles } from '../../db/schema';
import { renderEmail, sendMail, type MailAttachment } from '../../emails';
import { sendEmailPayloadSchema, type SendEmailPayload } from '../definitions';
import { outboxProcessor, processOutboxRow, type OutboxJobDefinition } from '../outbox-job';

/** Sends one e-mail; the base (outbox-job.ts) makes it happen once per outbox row. */
export const sendEmailJob: OutboxJobDefinition<SendEmailPayload, void> = {
  schema: sendEmailPayloadSchema,
  async run({ to, template, data, attachFileIds }, { tx }) {
    const attachments = attachFileIds?.length ? await attachmentsOf(tx, attachFileIds) : undefined;
    await sendMail({ to, ...renderEmail(template, data), attachments });
  },
};

function attachmentsOf(tx: Tx, ids: number[]): Promise<MailAttachment[]> {
  return tx
    .select({ filename: uploadedFiles.fileName, content: uploadedFiles.content, contentType: uploadedFiles.contentType })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.id, ids));
}

export type EmailOutcome = 'sent' | 'skipped';

/** Processes one e-mail row directly (tests, tools); the worker goes through the processor below. */
export async function processEmailRow(outboxId: number, options: { isFinalAttempt?: boolean } = {}): Promise<EmailOutcome> {
  const outcome = await processOutboxRow(outboxId, sendEmailJob, options);
  return outcome.status === 'done' ? 'sent' : 'skipped';
}

export const sendEmailProcessor = outboxProcessor(sendEmailJob);

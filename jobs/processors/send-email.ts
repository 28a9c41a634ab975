import { renderEmail } from '../../emails';
import { sendEmailPayloadSchema, type SendEmailPayload } from '../definitions';
import { outboxProcessor, processOutboxRow, type OutboxJobDefinition } from '../outbox-job';
import { sendMailWithAttachments } from '../send-job-mail';
import { isEmailDisabled } from '../../lib/domain/preferences/email-preferences';

/**
 * Sends one e-mail; the base (outbox-job.ts) makes it happen once per outbox row. A notification whose
 * code the recipient turned off (e-mail preferences) is not sent, and its row is done all the same.
 */
export const sendEmailJob: OutboxJobDefinition<SendEmailPayload, boolean> = {
  schema: sendEmailPayloadSchema,
  async run({ to, code, template, data, attachFileIds = [] }, context) {
    if (code && (await isEmailDisabled(context.tx, to, code))) return false;
    const attachments = attachFileIds.map((fileId) => ({ fileId }));
    await sendMailWithAttachments(context, { to, ...renderEmail(template, data) }, attachments);
    return true;
  },
};

/** 'skipped': already processed, or not sent because the recipient turned its code off. */
export type EmailOutcome = 'sent' | 'skipped';

/** Processes one e-mail row directly (tests, tools); the worker goes through the processor below. */
export async function processEmailRow(outboxId: number, options: { isFinalAttempt?: boolean } = {}): Promise<EmailOutcome> {
  const outcome = await processOutboxRow(outboxId, sendEmailJob, options);
  return outcome.status === 'done' && outcome.result ? 'sent' : 'skipped';
}

export const sendEmailProcessor = outboxProcessor(sendEmailJob);

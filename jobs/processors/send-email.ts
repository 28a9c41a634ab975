import { UnrecoverableError } from 'bullmq';
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
    try {
      await sendMailWithAttachments(context, { to, ...renderEmail(template, data) }, attachments);
    } catch (error) {
      throw permanentFailure(error) ?? error;
    }
    return true;
  },
};

/**
 * An SMTP server's 5xx (an address it refuses for good) will answer the same on every retry: the row fails at
 * once with the server's answer as its last error. A 4xx (try later) and a server that cannot be reached retry.
 */
function permanentFailure(error: unknown): UnrecoverableError | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code !== 'number' || code < 500 || code > 599) return null;
  return new UnrecoverableError(`SMTP ${code}: ${error instanceof Error ? error.message : String(error)}`);
}

/** 'skipped': already processed, or not sent because the recipient turned its code off. */
export type EmailOutcome = 'sent' | 'skipped';

/** Processes one e-mail row directly (tests, tools); the worker goes through the processor below. */
export async function processEmailRow(outboxId: number, options: { isFinalAttempt?: boolean } = {}): Promise<EmailOutcome> {
  const outcome = await processOutboxRow(outboxId, sendEmailJob, options);
  return outcome.status === 'done' && outcome.result ? 'sent' : 'skipped';
}

export const sendEmailProcessor = outboxProcessor(sendEmailJob);

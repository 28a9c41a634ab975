import { renderEmail, sendMail } from '../../emails';
import { env } from '../../lib/env';
import { sendEmailPayloadSchema, type SendEmailPayload } from '../definitions';
import { outboxProcessor, processOutboxRow, type OutboxJobDefinition } from '../outbox-job';

/** One Message-ID per outbox row, so a send repeated after a crash is the same message to the recipient. */
export const messageIdFor = (effectKey: string) => `<${effectKey}@${new URL(env.APP_URL).hostname}>`;

/** Sends one e-mail; the base (outbox-job.ts) makes it happen once per outbox row. */
export const sendEmailJob: OutboxJobDefinition<SendEmailPayload, void> = {
  schema: sendEmailPayloadSchema,
  async run({ to, template, data }, { effectKey }) {
    await sendMail({ to, ...renderEmail(template, data), messageId: messageIdFor(effectKey) });
  },
};

export type EmailOutcome = 'sent' | 'skipped';

/** Processes one e-mail row directly (tests, tools); the worker goes through the processor below. */
export async function processEmailRow(outboxId: number, options: { isFinalAttempt?: boolean } = {}): Promise<EmailOutcome> {
  const outcome = await processOutboxRow(outboxId, sendEmailJob, options);
  return outcome.status === 'done' ? 'sent' : 'skipped';
}

export const sendEmailProcessor = outboxProcessor(sendEmailJob);

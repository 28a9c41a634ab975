import { z } from 'zod';
import type { RenderedEmail } from './html';
import { notificationDataSchema, notificationEmail } from './templates/notification';
import { passwordResetDataSchema, passwordResetEmail } from './templates/password-reset';
import { invitationDataSchema, invitationEmail } from './templates/invitation';
import { digestDataSchema, digestEmail } from './templates/digest';

/** Every template with its data schema; the send-email job payload is derived from this, so both agree. */
export const emailTemplates = {
  'password-reset': { schema: passwordResetDataSchema, render: passwordResetEmail },
  notification: { schema: notificationDataSchema, render: notificationEmail },
  invitation: { schema: invitationDataSchema, render: invitationEmail },
  digest: { schema: digestDataSchema, render: digestEmail },
} as const;

export type EmailTemplate = keyof typeof emailTemplates;
export type EmailData<T extends EmailTemplate> = z.input<(typeof emailTemplates)[T]['schema']>;
export type { RenderedEmail };

/** Validates `data` (it may come from a stored outbox row) and renders the template; throws a ZodError when invalid. */
export function renderEmail<T extends EmailTemplate>(template: T, data: EmailData<T>): RenderedEmail {
  const entry = emailTemplates[template] as { schema: z.ZodType; render: (data: never) => RenderedEmail } | undefined;
  if (!entry) throw new Error(`Unknown e-mail template: ${String(template)}`);
  return entry.render(entry.schema.parse(data) as never);
}

export { messageIdFor, sendMail, type MailAttachment, type MailMessage, type SentMail } from './transport';

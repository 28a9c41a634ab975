import { z } from 'zod';
import { notificationDataSchema } from '../../emails/templates/notification';
import { passwordResetDataSchema } from '../../emails/templates/password-reset';

export const SEND_EMAIL = 'send-email';

/** Files of uploaded_files sent along as attachments (an upload's error report); stored there, not in the payload. */
const attachments = { attachFileIds: z.array(z.number().int().positive()).max(5).optional() };

/** One variant per template, so a payload's `data` is checked against its template when it is enqueued. */
export const sendEmailPayloadSchema = z.discriminatedUnion('template', [
  z.object({ to: z.email(), template: z.literal('password-reset'), data: passwordResetDataSchema, ...attachments }),
  z.object({ to: z.email(), template: z.literal('notification'), data: notificationDataSchema, ...attachments }),
]);
export type SendEmailPayload = z.infer<typeof sendEmailPayloadSchema>;

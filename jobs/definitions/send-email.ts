import { z } from 'zod';
import { notificationDataSchema } from '../../emails/templates/notification';
import { passwordResetDataSchema } from '../../emails/templates/password-reset';

export const SEND_EMAIL = 'send-email';

/** One variant per template, so a payload's `data` is checked against its template when it is enqueued. */
export const sendEmailPayloadSchema = z.discriminatedUnion('template', [
  z.object({ to: z.email(), template: z.literal('password-reset'), data: passwordResetDataSchema }),
  z.object({ to: z.email(), template: z.literal('notification'), data: notificationDataSchema }),
]);
export type SendEmailPayload = z.infer<typeof sendEmailPayloadSchema>;

import { z } from 'zod';
import { notificationDataSchema } from '../../emails/templates/notification';
import { passwordResetDataSchema } from '../../emails/templates/password-reset';
import { invitationDataSchema } from '../../emails/templates/invitation';
import { digestDataSchema } from '../../emails/templates/digest';

export const SEND_EMAIL = 'send-email';

/**
 * A notification's e-mail-preference code (lib/domain/preferences/codes.ts): the worker does not send it
 * to a recipient who turned that code off. Messages without a code (password links) always go.
 */
const addressed = { to: z.email(), code: z.string().min(1).max(50).optional() };
/** Files of uploaded_files sent along as attachments (an upload's error report); stored there, not in the payload. */
const attachments = { attachFileIds: z.array(z.number().int().positive()).max(5).optional() };

/** One variant per template, so a payload's `data` is checked against its template when it is enqueued. */
export const sendEmailPayloadSchema = z.discriminatedUnion('template', [
  z.object({ ...addressed, ...attachments, template: z.literal('password-reset'), data: passwordResetDataSchema }),
  z.object({ ...addressed, ...attachments, template: z.literal('notification'), data: notificationDataSchema }),
  z.object({ ...addressed, ...attachments, template: z.literal('invitation'), data: invitationDataSchema }),
  z.object({ ...addressed, ...attachments, template: z.literal('digest'), data: digestDataSchema }),
]);
export type SendEmailPayload = z.infer<typeof sendEmailPayloadSchema>;

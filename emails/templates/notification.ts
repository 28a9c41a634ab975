import { z } from 'zod';
import { escapeHtml, layout, type RenderedEmail } from '../html';

/** A plain message for background results (reports, downloads): a subject and paragraphs of text. */
export const notificationDataSchema = z.object({
  subject: z.string().min(1).max(200),
  lines: z.array(z.string()).min(1),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export function notificationEmail({ subject, lines }: NotificationData): RenderedEmail {
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
  };
}

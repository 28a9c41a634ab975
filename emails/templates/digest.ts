import { z } from 'zod';
import { escapeHtml, layout, type RenderedEmail } from '../html';

const item = z.object({
  title: z.string().max(300),
  vendor: z.string().max(300),
  store: z.string().max(300).nullable(),
  url: z.url(),
});

/** A digest of notifications (lib/domain/notifications/send-digests.ts): what happened, each with its link. */
export const digestDataSchema = z.object({
  name: z.string().max(200),
  items: z.array(item).min(1).max(100),
  /** How many more than the items listed, found at moreUrl. */
  more: z.number().int().min(0),
  moreUrl: z.url(),
  unsubscribeUrl: z.url(),
  preferencesUrl: z.url(),
});
export type DigestData = z.infer<typeof digestDataSchema>;

const where = (i: z.infer<typeof item>) => (i.store ? `${i.vendor}, ${i.store}` : i.vendor);

export function digestEmail(data: DigestData): RenderedEmail {
  const total = data.items.length + data.more;
  const first = data.items[0];
  const subject = total === 1 ? `${first.title} – ${where(first)}` : `${total} updates in the Trade Portal – ${first.vendor}`;
  const moreText = data.more ? [`…and ${data.more} more: ${data.moreUrl}`] : [];
  const text = [
    `Hello ${data.name},`,
    ...data.items.map((i) => `- ${i.title} (${where(i)}): ${i.url}`),
    ...moreText,
    `Choose which e-mails you receive: ${data.preferencesUrl}`,
    `Unsubscribe from these e-mails: ${data.unsubscribeUrl}`,
  ].join('\n\n');
  const list = data.items
    .map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a> – ${escapeHtml(where(i))}</li>`)
    .join('');
  const more = data.more ? `<p><a href="${escapeHtml(data.moreUrl)}">…and ${data.more} more</a></p>` : '';
  const footer = `<p style="color:#888;font-size:12px"><a href="${escapeHtml(data.preferencesUrl)}">E-mail preferences</a> · <a href="${escapeHtml(data.unsubscribeUrl)}">Unsubscribe</a></p>`;
  return {
    subject,
    text,
    html: layout(`<p>Hello ${escapeHtml(data.name)},</p><ul>${list}</ul>${more}${footer}`),
    // RFC 8058: mail clients offer their own unsubscribe button, which POSTs to this address without a session.
    headers: { 'List-Unsubscribe': `<${data.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

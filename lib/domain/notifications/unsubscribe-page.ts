import { escapeHtml } from '../../../emails/html';
import { env } from '../../env';
import type { UnsubscribeView } from './unsubscribe';

/** The answer to a successful POST /unsubscribe: a small page a person may see (the page's button), or a mail client ignores. */
export function unsubscribedPage(done: NonNullable<UnsubscribeView>): Response {
  const preferences = escapeHtml(new URL('/preferences/email', env.APP_URL).toString());
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unsubscribed</title></head><body><h1>You are unsubscribed</h1><p>${escapeHtml(done.email)} will no longer receive e-mails about ${escapeHtml(done.labels.join(', '))}.</p><p><a href="${preferences}">Choose your e-mail preferences</a> (after signing in).</p></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

import { escapeHtml } from '../../../emails/html';
import { env } from '../../env';
import type { UnsubscribeView } from './unsubscribe';

/** The answer to POST /unsubscribe, a small page a person may see (the page's button) or a mail client ignores. */
export function unsubscribeResultPage(done: UnsubscribeView): Response {
  const preferences = escapeHtml(new URL('/preferences/email', env.APP_URL).toString());
  const body = done
    ? `<h1>You are unsubscribed</h1><p>${escapeHtml(done.email)} will no longer receive e-mails about ${escapeHtml(done.labels.join(', '))}.</p>`
    : '<h1>This unsubscribe link is not valid</h1><p>It may have been altered or have expired. Nothing was changed.</p>';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unsubscribe</title></head><body>${body}<p><a href="${preferences}">Choose your e-mail preferences</a> (after signing in).</p></body></html>`;
  return new Response(html, { status: done ? 200 : 400, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

import { Webhook } from 'standardwebhooks';

export type SendResult = { ok: boolean; responseCode: number | null; error: string | null };

/**
 * POSTs one signed event (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature by the
 * standardwebhooks package). A 2xx is success; anything else, a time-out or a refused connection is a failure
 * to retry. Redirects are not followed: the signature was made for this URL's receiver. Never throws.
 */
export async function sendWebhook(
  { url, messageId, secret, body }: { url: string; messageId: string; secret: string; body: string },
  timeoutMs: number,
): Promise<SendResult> {
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'portal-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, body),
  };
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // Only the status counts; the receiver's body is not read (it could be large or never end).
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, responseCode: response.status, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    // Checked by name, not instanceof: fetch's errors may come from another realm (a test runner's).
    const { name, cause } = (error ?? {}) as { name?: string; cause?: { message?: string } };
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const reason = cause?.message ? `${String(error)}: ${cause.message}` : String(error);
    return { ok: false, responseCode: null, error: timedOut ? `No answer within ${timeoutMs} ms` : reason.slice(0, 500) };
  }
}

/** Escapes text for HTML bodies: template data comes from users (names) and must not inject markup. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** `headers`: extra message headers (a notification's List-Unsubscribe). */
export type RenderedEmail = { subject: string; text: string; html: string; headers?: Record<string, string> };

/** The shared frame every HTML e-mail uses; `bodyHtml` must already be escaped. */
export function layout(bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">${bodyHtml}<p style="color:#888;font-size:12px">Trade Portal</p></body></html>`;
}

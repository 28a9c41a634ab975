/**
 * A stand-in for fetch's Response in jsdom tests (jsdom has none), with the members lib/client/api.ts
 * reads. A string body is sent as it is, anything else as JSON; no body, no content type.
 */
export function fakeResponse(status: number, body?: unknown, contentType = 'application/json'): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(text ? { 'Content-Type': contentType } : {}),
    text: async () => text,
    blob: async () => new Blob([text]),
  } as unknown as Response;
}

type Cookie = {
  name: string;
  value: string;
  options: { httpOnly?: boolean; sameSite?: 'lax' | 'strict'; path?: string; secure?: boolean; maxAge?: number };
};

/** 303 so a form POST is followed by a GET of the target. Relative to the request, so it works behind any host. */
export function redirectTo(req: Request, path: string): Response {
  return new Response(null, { status: 303, headers: { Location: new URL(path, publicOrigin(req)).toString() } });
}

function publicOrigin(req: Request): string {
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  const proto = req.headers.get('x-forwarded-proto') ?? new URL(req.url).protocol.replace(':', '');
  return host ? `${proto}://${host}` : new URL(req.url).origin;
}

export function withCookie(response: Response, cookie: Cookie): Response {
  const o = cookie.options;
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`, `Path=${o.path ?? '/'}`];
  if (o.maxAge !== undefined) parts.push(`Max-Age=${o.maxAge}`);
  if (o.httpOnly) parts.push('HttpOnly');
  if (o.secure) parts.push('Secure');
  parts.push(`SameSite=${o.sameSite === 'strict' ? 'Strict' : 'Lax'}`);
  response.headers.append('Set-Cookie', parts.join('; '));
  return response;
}

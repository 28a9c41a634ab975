import { env } from '../env';

type Cookie = {
  name: string;
  value: string;
  options: { httpOnly?: boolean; sameSite?: 'lax' | 'strict'; path?: string; secure?: boolean; maxAge?: number };
};

/**
 * 303 so a form POST is followed by a GET of the target, on the portal's own address (APP_URL), never
 * on a host the request names (`Host`, `X-Forwarded-Host` are the client's text). A target that would
 * leave the site (`//host`, a scheme) goes to the start page instead.
 */
export function redirectTo(_req: Request, path: string): Response {
  const target = new URL(path, env.APP_URL);
  const location = target.origin === appOrigin ? target : new URL('/', env.APP_URL);
  return new Response(null, { status: 303, headers: { Location: location.toString() } });
}

const appOrigin = new URL(env.APP_URL).origin;

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

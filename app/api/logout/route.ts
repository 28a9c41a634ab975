import { SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/session';
import { route, isFormPost } from '@/lib/http/route';
import { json } from '@/lib/http/errors';
import { redirectTo, withCookie } from '@/lib/http/redirect';
import { RETURN_PARAM, signInPath } from '@/lib/http/return-path';
import { z } from 'zod';
import { signOut } from '@/lib/domain/auth/end-sessions';
import { clientIp } from '@/lib/http/client-ip';

/**
 * Sign-out: ends every session of the user (a copy of the cookie, another device) and clears the
 * cookie. Works as a plain form post (redirect) or an XHR (JSON). A form may carry `next` (the session
 * warning's "Sign in again now"): signing in then brings the user back.
 */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, actor, body }) => {
  if (actor) await signOut(actor, { ip: clientIp(req) });
  const next = typeof body[RETURN_PARAM] === 'string' ? body[RETURN_PARAM] : null;
  const response = isFormPost(req) ? redirectTo(req, signInPath({ next })) : json({ message: 'Signed out.' });
  return withCookie(response, { name: SESSION_COOKIE, value: '', options: sessionCookieOptions(0) });
});

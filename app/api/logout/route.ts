import { SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/session';
import { route, isFormPost } from '@/lib/http/route';
import { json } from '@/lib/http/errors';
import { redirectTo, withCookie } from '@/lib/http/redirect';

/** Sign-out: clears the session cookie. Works as a plain form post (redirect) or an XHR (JSON). */
export const POST = route({ public: true }, async ({ req }) => {
  const response = isFormPost(req) ? redirectTo(req, '/login') : json({ message: 'Signed out.' });
  return withCookie(response, { name: SESSION_COOKIE, value: '', options: sessionCookieOptions(0) });
});

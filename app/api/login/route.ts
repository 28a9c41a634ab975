import { credentialsSchema, verifyCredentials } from '@/lib/domain/auth/verify-credentials';
import { signInErrorCode } from '@/lib/domain/auth/sign-in-messages';
import { encodeSession, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/session';
import { startPathFor } from '@/lib/auth/permissions';
import { route, isFormPost } from '@/lib/http/route';
import { clientIp } from '@/lib/http/client-ip';
import { json } from '@/lib/http/errors';
import { redirectTo, withCookie } from '@/lib/http/redirect';
import { RETURN_PARAM, safeReturnPath } from '@/lib/http/return-path';
import { z } from 'zod';

const returnPathOf = (fields: Record<string, unknown>) =>
  safeReturnPath(typeof fields[RETURN_PARAM] === 'string' ? fields[RETURN_PARAM] : null);

/**
 * Sign-in. A plain form post gets a redirect: to `next` when the form carries a safe path of this site
 * (where the user was when the session ended), else the start screen; any failure goes back to /login
 * with a message code (the page has the text) and the way back. An XHR gets JSON. Both set the
 * next-auth session cookie.
 */
export const POST = route(
  {
    public: true,
    body: z.record(z.string(), z.unknown()),
    formFailure: (req, error, form) => {
      const next = returnPathOf(form);
      const query = new URLSearchParams({ ...signInErrorCode(error), email: form.email ?? '', ...(next ? { [RETURN_PARAM]: next } : {}) });
      return redirectTo(req, `/login?${query}`);
    },
  },
  async ({ req, body }) => {
    const user = await verifyCredentials(credentialsSchema.parse(body), clientIp(req));
    const cookie = { name: SESSION_COOKIE, value: await encodeSession(user), options: sessionCookieOptions() };
    const target = returnPathOf(body) ?? startPathFor(user.roleCode);
    return withCookie(isFormPost(req) ? redirectTo(req, target) : json({ id: user.id, name: user.name, redirect: target }), cookie);
  },
);

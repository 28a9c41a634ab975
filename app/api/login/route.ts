import { credentialsSchema, verifyCredentials } from '@/lib/domain/auth/verify-credentials';
import { encodeSession, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/session';
import { startPathFor } from '@/lib/auth/permissions';
import { route, isFormPost } from '@/lib/http/route';
import { clientIp } from '@/lib/http/client-ip';
import { formErrorMessage, json } from '@/lib/http/errors';
import { redirectTo, withCookie } from '@/lib/http/redirect';
import { z } from 'zod';

/**
 * Sign-in. A plain form post gets a redirect (start screen, or back to /login with the message);
 * an XHR gets JSON. Both set the next-auth session cookie.
 */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, body }) => {
  const isForm = isFormPost(req);
  const parsed = credentialsSchema.safeParse(body);
  try {
    if (!parsed.success) throw parsed.error;
    const user = await verifyCredentials(parsed.data, clientIp(req));
    const cookie = { name: SESSION_COOKIE, value: await encodeSession(user), options: sessionCookieOptions() };
    const target = startPathFor(user.roleCode);
    return withCookie(isForm ? redirectTo(req, target) : json({ id: user.id, name: user.name, redirect: target }), cookie);
  } catch (error) {
    if (!isForm) throw error;
    const message = formErrorMessage(error, 'Sign-in failed. Please try again.');
    const email = typeof body.email === 'string' ? body.email : '';
    return redirectTo(req, `/login?${new URLSearchParams({ error: message, email })}`);
  }
});

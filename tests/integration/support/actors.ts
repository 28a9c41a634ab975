import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { actorOfUser, type Actor } from '../../../lib/auth/actor';
import { encodeSession, SESSION_COOKIE } from '../../../lib/auth/session';

/** The anti-forgery token the test "browser" holds in its XSRF-TOKEN cookie. */
export const TEST_XSRF = 't';

/** A seeded user's id, name and e-mail; throws when the seed has no such user. */
export async function userByEmail(email: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email} in the test database (is the seed loaded?)`);
  return user;
}

export async function userId(email: string): Promise<number> {
  return (await userByEmail(email)).id;
}

/**
 * Headers of a signed-in XHR: a real session cookie for the user plus the XSRF cookie, and the
 * X-XSRF-TOKEN header unless `xsrf: false` (to prove a state change without it is refused).
 */
export async function sessionHeaders(email: string, { xsrf = true }: { xsrf?: boolean } = {}): Promise<Record<string, string>> {
  const token = await encodeSession(await userByEmail(email));
  const headers: Record<string, string> = {
    cookie: `${SESSION_COOKIE}=${token}; XSRF-TOKEN=${TEST_XSRF}`,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  };
  if (xsrf) headers['x-xsrf-token'] = TEST_XSRF;
  return headers;
}

/** The actor a request of this user would carry, for calling domain functions directly. */
export async function actorFor(email: string): Promise<Actor> {
  const user = await userByEmail(email);
  const actor = await actorOfUser(user.id);
  if (!actor) throw new Error(`${email} is not an active user`);
  return actor;
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler as Next would: a real Request plus the awaited-params context. */
export async function callRoute(
  handler: Handler,
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    params = {},
  }: { method?: string; headers?: Record<string, string>; body?: unknown; params?: Record<string, string> } = {},
): Promise<Response> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  return handler(new Request(new URL(url, 'http://localhost'), init), { params: Promise.resolve(params) });
}

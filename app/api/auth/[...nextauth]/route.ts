import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { json } from '@/lib/http/errors';

const handler = NextAuth(authOptions);
type Context = { params: Promise<{ nextauth?: string[] }> };

/**
 * next-auth's endpoints, without `/api/auth/session`: it answers every call with a re-issued cookie of
 * a fresh lifetime, so a tab that polls it would keep a session alive for ever. The portal never calls
 * it (pages read the session on the server; lib/auth/session.ts also ends a session 8 hours after it
 * began, whatever a re-issued token says).
 */
async function guarded(req: Request, context: Context): Promise<Response> {
  const [action] = (await context.params).nextauth ?? [];
  if (action === 'session') return json({ message: 'Not found.', errors: {} }, 404);
  return handler(req, context);
}

export { guarded as GET, guarded as POST };

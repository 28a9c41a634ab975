import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { env } from '../env';
import { clientAddressOf } from '../http/client-ip';
import { verifyCredentials } from '../domain/auth/verify-credentials';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, sessionCookieOptions } from './session';

/**
 * next-auth v4 with the credentials provider and JWT sessions. The sign-in page posts to our own
 * /login handler (it must work as a plain form without JavaScript and show throttling messages);
 * both paths share verifyCredentials and the same session cookie.
 */
export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: '/login' },
  cookies: { sessionToken: { name: SESSION_COOKIE, options: sessionCookieOptions() } },
  providers: [
    CredentialsProvider({
      name: 'E-mail and password',
      credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, req) {
        const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
        const ip = clientAddressOf((name) => headers[name]);
        try {
          const user = await verifyCredentials({ email: credentials?.email ?? '', password: credentials?.password ?? '' }, ip);
          return { id: String(user.id), name: user.name, email: user.email };
        } catch {
          return null;
        }
      },
    }),
  ],
};

import { requestPasswordReset, resetRequestSchema } from '@/lib/domain/auth/password-reset';
import { ApiError } from '@/lib/http/errors';
import { route, isFormPost } from '@/lib/http/route';
import { clientIp } from '@/lib/http/client-ip';
import { redirectTo } from '@/lib/http/redirect';
import { z, ZodError } from 'zod';

/**
 * Spec §7 POST /password/email {email}: the same answer whether or not the address has an account.
 * The plain form (without JavaScript) goes back to /login with a message code, never text.
 */
export const POST = route(
  {
    public: true,
    body: z.record(z.string(), z.unknown()),
    // An address that is no address (or text that cannot be stored) is the form's to fix; anything else is ours.
    formFailure: (req, error) =>
      error instanceof ZodError || (error instanceof ApiError && error.status === 422)
        ? redirectTo(req, `/login?${new URLSearchParams({ error: 'email', forgot: '1' })}`)
        : undefined,
  },
  async ({ req, body }) => {
    const result = await requestPasswordReset(resetRequestSchema.parse(body), clientIp(req));
    return isFormPost(req) ? redirectTo(req, `/login?${new URLSearchParams({ status: 'reset_sent' })}`) : result;
  },
);

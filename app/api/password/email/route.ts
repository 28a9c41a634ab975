import { requestPasswordReset, resetRequestSchema } from '@/lib/domain/auth/password-reset';
import { route, isFormPost } from '@/lib/http/route';
import { clientIp } from '@/lib/http/client-ip';
import { redirectTo } from '@/lib/http/redirect';
import { z } from 'zod';

/**
 * Spec §7 POST /password/email {email}: the same answer whether or not the address has an account.
 * The plain form (without JavaScript) goes back to /login with a message code, never text.
 */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, body }) => {
  const isForm = isFormPost(req);
  const parsed = resetRequestSchema.safeParse(body);
  if (!parsed.success && !isForm) throw parsed.error;
  if (!parsed.success) return redirectTo(req, `/login?${new URLSearchParams({ error: 'email', forgot: '1' })}`);
  const result = await requestPasswordReset(parsed.data, clientIp(req));
  return isForm ? redirectTo(req, `/login?${new URLSearchParams({ status: 'reset_sent' })}`) : result;
});

import { newPasswordSchema, resetPassword } from '@/lib/domain/auth/password-reset';
import { DomainError } from '@/lib/domain/errors';
import { route, isFormPost } from '@/lib/http/route';
import { redirectTo } from '@/lib/http/redirect';
import { z } from 'zod';

/** Sets the new password from a reset link's token. */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, body }) => {
  if (!isFormPost(req)) return resetPassword(newPasswordSchema.parse(body));
  const token = typeof body.token === 'string' ? body.token : '';
  try {
    const result = await resetPassword(newPasswordSchema.parse(body));
    return redirectTo(req, `/login?${new URLSearchParams({ status: result.message, email: result.email })}`);
  } catch (error) {
    const message = error instanceof z.ZodError ? error.issues[0].message : error instanceof DomainError ? error.message : 'We could not reset your password';
    return redirectTo(req, `/password/reset/${encodeURIComponent(token)}?${new URLSearchParams({ error: message })}`);
  }
});

import { newPasswordSchema, resetPassword } from '@/lib/domain/auth/password-reset';
import { route, isFormPost } from '@/lib/http/route';
import { redirectTo } from '@/lib/http/redirect';
import { formErrorMessage } from '@/lib/http/errors';
import { z } from 'zod';

/** Sets the new password from a reset link's token. */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, body }) => {
  if (!isFormPost(req)) return resetPassword(newPasswordSchema.parse(body));
  const token = typeof body.token === 'string' ? body.token : '';
  try {
    const result = await resetPassword(newPasswordSchema.parse(body));
    return redirectTo(req, `/login?${new URLSearchParams({ status: result.message, email: result.email })}`);
  } catch (error) {
    const message = formErrorMessage(error, 'We could not reset your password');
    return redirectTo(req, `/password/reset/${encodeURIComponent(token)}?${new URLSearchParams({ error: message })}`);
  }
});

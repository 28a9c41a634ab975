import { newPasswordSchema, resetPassword } from '@/lib/domain/auth/password-reset';
import { resetErrorCode } from '@/lib/domain/auth/sign-in-messages';
import { route, isFormPost } from '@/lib/http/route';
import { redirectTo } from '@/lib/http/redirect';
import { z } from 'zod';

/** Sets the new password from a reset link's token. The plain form is answered with message codes, never text. */
export const POST = route({ public: true, body: z.record(z.string(), z.unknown()) }, async ({ req, body }) => {
  if (!isFormPost(req)) return resetPassword(newPasswordSchema.parse(body));
  const token = typeof body.token === 'string' ? body.token : '';
  try {
    const result = await resetPassword(newPasswordSchema.parse(body));
    return redirectTo(req, `/login?${new URLSearchParams({ status: 'password_reset', email: result.email })}`);
  } catch (error) {
    return redirectTo(req, `/password/reset/${encodeURIComponent(token)}?${new URLSearchParams({ error: resetErrorCode(error) })}`);
  }
});

import { newPasswordSchema, resetPassword } from '@/lib/domain/auth/password-reset';
import { resetErrorCode } from '@/lib/domain/auth/sign-in-messages';
import { route, isFormPost } from '@/lib/http/route';
import { redirectTo } from '@/lib/http/redirect';
import { z } from 'zod';

/** Sets the new password from a reset link's token. The plain form is answered with message codes, never text. */
export const POST = route(
  {
    public: true,
    body: z.record(z.string(), z.unknown()),
    formFailure: (req, error, form) =>
      redirectTo(req, `/password/reset/${encodeURIComponent(form.token ?? '')}?${new URLSearchParams({ error: resetErrorCode(error) })}`),
  },
  async ({ req, body }) => {
    const result = await resetPassword(newPasswordSchema.parse(body));
    return isFormPost(req) ? redirectTo(req, `/login?${new URLSearchParams({ status: 'password_reset', email: result.email })}`) : result;
  },
);

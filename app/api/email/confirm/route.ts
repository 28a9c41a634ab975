import { z } from 'zod';
import { confirmEmailChange, emailChangeTokenSchema } from '@/lib/domain/users/email-change';
import { DomainError } from '@/lib/domain/errors';
import { clientIp } from '@/lib/http/client-ip';
import { redirectTo } from '@/lib/http/redirect';
import { isFormPost, route } from '@/lib/http/route';

// Only a token's own characters go back into the address; anything else is no token at all.
const pageOf = (token: string | undefined, outcome: Record<string, string>) =>
  `/email/confirm/${token && /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : '-'}?${new URLSearchParams(outcome)}`;

/** Which message the confirmation page shows for a failure: a code, never text, in the address. */
const errorCode = (error: unknown) => (error instanceof DomainError && error.errors?.email ? 'taken' : 'invalid');

/**
 * POST /email/confirm {token}: the signed-in user confirms the new e-mail address an administrator asked
 * for (the link in the e-mail sent to its current address). The plain form of the confirmation page
 * posts here and is sent back to the page with a code.
 */
export const POST = route(
  {
    body: z.record(z.string(), z.unknown()),
    formFailure: (req, error, form) => redirectTo(req, pageOf(form.token, { error: errorCode(error) })),
  },
  async ({ req, actor, body }) => {
    const input = emailChangeTokenSchema.parse(body);
    const result = await confirmEmailChange(actor, input, { ip: clientIp(req) });
    return isFormPost(req) ? redirectTo(req, pageOf(input.token, { status: 'confirmed' })) : result;
  },
);

import { z } from 'zod';
import { ApiError } from '@/lib/http/errors';
import { redirectTo } from '@/lib/http/redirect';
import { route } from '@/lib/http/route';
import { INVALID_UNSUBSCRIBE_LINK, unsubscribe } from '@/lib/domain/notifications/unsubscribe';
import { unsubscribedPage } from '@/lib/domain/notifications/unsubscribe-page';

/**
 * POST /unsubscribe?token=… (RFC 8058 one-click, and the button of the /unsubscribe page): turns the token's codes
 * off and answers a short page. No session and no anti-forgery token (`signedLink`): the signed, expiring token is
 * the proof. An altered or expired token changes nothing: a 400, or for a form post the page, which says so.
 */
export const POST = route(
  {
    public: true,
    signedLink: true,
    query: z.object({ token: z.string().max(2000).optional() }),
    // The page, without a token, says the link is not valid.
    formFailure: (req) => redirectTo(req, '/unsubscribe?invalid=1'),
  },
  async ({ query }) => {
    const done = await unsubscribe(query.token);
    if (!done) throw new ApiError(400, INVALID_UNSUBSCRIBE_LINK);
    return unsubscribedPage(done);
  },
);

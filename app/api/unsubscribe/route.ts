import { z } from 'zod';
import { route } from '@/lib/http/route';
import { unsubscribe } from '@/lib/domain/notifications/unsubscribe';
import { unsubscribeResultPage } from '@/lib/domain/notifications/unsubscribe-page';

/**
 * POST /unsubscribe?token=… (RFC 8058 one-click, and the button of the /unsubscribe page): turns the token's codes
 * off. No session and no anti-forgery token (`signedLink`): the signed, expiring token is the proof. An altered
 * or expired token changes nothing and answers a page that says so.
 */
export const POST = route(
  { public: true, signedLink: true, query: z.object({ token: z.string().max(2000).optional() }) },
  async ({ query }) => {
    const done = await unsubscribe(query.token);
    return unsubscribeResultPage(done);
  },
);

import { z } from 'zod';
import { CURSOR_PATTERN, START_CURSOR } from './events-feed';

/** GET /api/v1/events?after=&limit=. */
export const eventsQuerySchema = z.object({
  after: z.string().regex(CURSOR_PATTERN, 'The cursor must be a "next" value of an earlier page.').default(START_CURSOR),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

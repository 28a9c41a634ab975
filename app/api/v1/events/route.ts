import { readEvents } from '@/lib/domain/integrations/events-feed';
import { eventsQuerySchema } from '@/lib/domain/integrations/feed-schemas';
import { v1Route } from '@/lib/http/v1-route';

/** GET /api/v1/events?after=<cursor>&limit=: events of the key's subsidiaries, in order, with the next cursor (docs/api.md). */
export const GET = v1Route({ scope: 'events:read', query: eventsQuerySchema }, ({ actor, query }) => readEvents(actor, query));

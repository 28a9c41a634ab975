import { integrationIdSchema } from '@/lib/domain/integrations/schemas';
import { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { deliveriesQuerySchema } from '@/lib/domain/webhooks/schemas';
import { route } from '@/lib/http/route';

/** GET /integrations/{id}/deliveries?status=&limit=: the integration's webhook deliveries, newest first. */
export const GET = route(
  { allow: 'integrations.manage', params: integrationIdSchema, query: deliveriesQuerySchema },
  ({ actor, params, query }) => listDeliveries(actor, params.id, query),
);

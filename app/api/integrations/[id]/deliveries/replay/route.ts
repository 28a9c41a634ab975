import { integrationIdSchema } from '@/lib/domain/integrations/schemas';
import { replayDeliveries } from '@/lib/domain/webhooks/deliveries';
import { replayFormSchema } from '@/lib/domain/webhooks/schemas';
import { route } from '@/lib/http/route';

/** POST /integrations/{id}/deliveries/replay {"deliveryId"?}: sends one delivery again, or every failed one (audited). */
export const POST = route(
  { allow: 'integrations.manage', params: integrationIdSchema, body: replayFormSchema },
  ({ actor, params, body }) => replayDeliveries(actor, params.id, body),
);

import { rotateIntegrationKey } from '@/lib/domain/integrations/manage-integrations';
import { integrationIdSchema } from '@/lib/domain/integrations/schemas';
import { route } from '@/lib/http/route';

/** POST /integrations/{id}/rotate: a new key, shown once in this answer; the old one stops working. */
export const POST = route({ allow: 'integrations.manage', params: integrationIdSchema }, async ({ actor, params }) =>
  Response.json(await rotateIntegrationKey(actor, params.id), { headers: { 'cache-control': 'no-store' } }),
);

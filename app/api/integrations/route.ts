import { createIntegration, listIntegrations } from '@/lib/domain/integrations/manage-integrations';
import { integrationFormSchema } from '@/lib/domain/integrations/schemas';
import { route } from '@/lib/http/route';

/** GET /integrations: the retailer's connected systems, without their keys (portal admins only). */
export const GET = route({ allow: 'integrations.manage' }, ({ actor }) => listIntegrations(actor));

/** POST /integrations: a new integration; its key is in this answer and nowhere else. */
export const POST = route({ allow: 'integrations.manage', body: integrationFormSchema }, async ({ actor, body }) =>
  Response.json(await createIntegration(actor, body), { status: 201, headers: { 'cache-control': 'no-store' } }),
);

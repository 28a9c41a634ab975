import { revokeIntegration } from '@/lib/domain/integrations/manage-integrations';
import { integrationIdSchema } from '@/lib/domain/integrations/schemas';
import { route } from '@/lib/http/route';

/** DELETE /integrations/{id}: revokes the integration's key at once. */
export const DELETE = route({ allow: 'integrations.manage', params: integrationIdSchema }, ({ actor, params }) =>
  revokeIntegration(actor, params.id),
);

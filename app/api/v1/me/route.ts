import { v1Route } from '@/lib/http/v1-route';

/** GET /api/v1/me: which integration a key belongs to, its subsidiaries and scopes (a connection check). */
export const GET = v1Route({}, async ({ actor }) => ({
  id: actor.integrationId,
  name: actor.name,
  subsidiaries: actor.subsidiaryIds,
  scopes: actor.scopes,
}));

import type { IntegrationScope } from '../../db/schema';
import { Scope } from './scope';

/**
 * A retailer's system calling the integration API (/api/v1) with its key: an actor of its own kind, not
 * a user. Its scope is its subsidiaries (read and write), as a retail user's would be; what it may do is
 * its key's scopes (`documents:write`, `events:read`), not a role's actions.
 */
export type IntegrationActor = {
  integrationId: number;
  name: string;
  subsidiaryIds: readonly number[];
  scopes: readonly IntegrationScope[];
  scope: Scope;
};

export function integrationActor(row: { id: number; name: string; subsidiaryIds: number[]; scopes: IntegrationScope[] }): IntegrationActor {
  const subsidiaryIds = [...row.subsidiaryIds];
  return {
    integrationId: row.id,
    name: row.name,
    subsidiaryIds,
    scopes: [...row.scopes],
    scope: new Scope({ kind: 'subsidiaries', read: subsidiaryIds, write: subsidiaryIds }),
  };
}

/** The name its acts are recorded under in audit trails. */
export const integrationDoerName = (actor: IntegrationActor) => `Integration: ${actor.name}`;

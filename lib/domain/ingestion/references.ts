import type { DbOrTx } from '../../../db/client';
import type { IntegrationActor } from '../../auth/integration-actor';
import { ReferenceCache } from './reference-cache';
import type { IngestedDocument } from './schemas';

export type ResolvedReferences = {
  vendorId: number;
  store: { id: number; subsidiaryId: number; regionId: number | null; divisionId: number | null; addressCode: string | null };
  /** Each line's delivery address code and store (a jab order's branches; else the document's store). */
  lineStores: { addressCode: string | null; storeId: number }[];
};

/** The vendor, store and branch stores one document names (the rules are ReferenceCache's); a bulk request keeps one cache instead. */
export async function resolveReferences(tx: DbOrTx, actor: IntegrationActor, doc: IngestedDocument): Promise<ResolvedReferences> {
  const cache = new ReferenceCache(actor);
  await cache.load(tx, [doc]);
  return cache.resolve(doc);
}

import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { stores, vendors } from '../../../db/schema';
import type { IntegrationActor } from '../../auth/integration-actor';
import { RuleViolationError } from '../errors';
import type { IngestedDocument } from './schemas';

export type ResolvedReferences = {
  vendorId: number;
  store: { id: number; subsidiaryId: number; regionId: number | null; divisionId: number | null; addressCode: string | null };
  /** Each line's delivery address code and store (a jab order's branches; else the document's store). */
  lineStores: { addressCode: string | null; storeId: number }[];
};

const invalid = (field: string, message: string) => new RuleViolationError(message, { [field]: [message] });

/**
 * The vendor, store and branch stores a document names. A store outside the key's subsidiaries reads as
 * unknown, so a key learns nothing of other subsidiaries. Vendors trade with every subsidiary (there is
 * no vendor–subsidiary table; design §5), so a vendor is only checked to exist.
 */
export async function resolveReferences(tx: DbOrTx, actor: IntegrationActor, doc: IngestedDocument): Promise<ResolvedReferences> {
  const [store] = await tx
    .select({
      id: stores.id,
      subsidiaryId: stores.subsidiaryId,
      regionId: stores.regionId,
      divisionId: stores.divisionId,
      addressCode: stores.addressCode,
    })
    .from(stores)
    .where(and(eq(stores.code, doc.storeCode), inArray(stores.subsidiaryId, [...actor.subsidiaryIds])));
  if (!store) throw invalid('storeCode', `No store ${doc.storeCode} in this key's subsidiaries.`);
  const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, doc.vendorCode));
  if (!vendor) throw invalid('vendorCode', `No vendor ${doc.vendorCode}.`);

  const branchCodes = [...new Set(doc.lines.map((l) => l.deliveryAddressCode).filter((c): c is string => !!c && c !== store.addressCode))];
  const branches = branchCodes.length
    ? await tx
        .select({ id: stores.id, addressCode: stores.addressCode })
        .from(stores)
        .where(and(eq(stores.subsidiaryId, store.subsidiaryId), inArray(stores.addressCode, branchCodes)))
    : [];
  const lineStores = doc.lines.map((line, i) => {
    if (!line.deliveryAddressCode || line.deliveryAddressCode === store.addressCode)
      return { addressCode: store.addressCode, storeId: store.id };
    const branch = branches.find((b) => b.addressCode === line.deliveryAddressCode);
    if (!branch)
      throw invalid(`lines.${i}.deliveryAddressCode`, `No store with address code ${line.deliveryAddressCode} in the store's subsidiary.`);
    return { addressCode: branch.addressCode, storeId: branch.id };
  });
  return { vendorId: vendor.id, store, lineStores };
}

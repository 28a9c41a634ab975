import { and, inArray, sql } from 'drizzle-orm';
import { executePrepared, statementOf, type DbOrTx } from '../../../db/client';
import { stores, vendors } from '../../../db/schema';
import type { IntegrationActor } from '../../auth/integration-actor';
import { RuleViolationError } from '../errors';
import type { ResolvedReferences } from './references';
import type { IngestedDocument } from './schemas';

type Store = ResolvedReferences['store'];
type Branch = { id: number; addressCode: string | null };

const invalid = (field: string, message: string) => new RuleViolationError(message, { [field]: [message] });
const branchKey = (subsidiaryId: number, addressCode: string) => `${subsidiaryId}\n${addressCode}`;

/** The stores (within the key's subsidiaries) and vendors of the codes given, in one statement rendered once. */
const CODES_LOOKUP = statementOf(sql`select
  (select coalesce(json_agg(json_build_object('code', code, 'id', id, 'subsidiaryId', subsidiary_id, 'regionId', region_id,
      'divisionId', division_id, 'addressCode', address_code)), '[]')
    from ${stores} where code = any(${sql.placeholder('storeCodes')}::text[])
      and subsidiary_id = any(${sql.placeholder('subsidiaryIds')}::int[])
  ) as stores,
  (select coalesce(json_agg(json_build_object('code', code, 'id', id)), '[]') from ${vendors}
    where code = any(${sql.placeholder('vendorCodes')}::text[])) as vendors`);

/**
 * The vendors, stores and branch stores that one request's documents name, each code looked up once for the
 * whole request: a bulk file names the same few hundred codes in thousands of documents, so a batch costs
 * at most two queries for the codes it is the first to name, and none after. A store outside the key's
 * subsidiaries reads as unknown, so a key learns nothing of other subsidiaries. Vendors trade with every
 * subsidiary (there is no vendor–subsidiary table; design §5), so a vendor is only checked to exist.
 */
export class ReferenceCache {
  private readonly stores = new Map<string, Store | null>();
  private readonly vendors = new Map<string, number | null>();
  private readonly branches = new Map<string, Branch | null>();

  constructor(private readonly actor: IntegrationActor) {}

  /** Looks up the codes of `docs` not seen before in this request: the stores and vendors in one statement. */
  async load(tx: DbOrTx, docs: readonly IngestedDocument[]): Promise<void> {
    const newStores = [...new Set(docs.map((d) => d.storeCode))].filter((c) => !this.stores.has(c));
    const newVendors = [...new Set(docs.map((d) => d.vendorCode))].filter((c) => !this.vendors.has(c));
    if (newStores.length || newVendors.length) {
      const rows = await executePrepared<{ stores: (Store & { code: string })[]; vendors: { code: string; id: number }[] }>(
        tx,
        CODES_LOOKUP,
        { storeCodes: newStores, subsidiaryIds: [...this.actor.subsidiaryIds], vendorCodes: newVendors },
      );
      for (const code of newStores) this.stores.set(code, null);
      for (const { code, ...store } of rows[0].stores) if (!this.stores.get(code)) this.stores.set(code, store);
      for (const code of newVendors) this.vendors.set(code, rows[0].vendors.find((r) => r.code === code)?.id ?? null);
    }
    await this.loadBranches(tx, docs);
  }

  /** The branch stores (a jab order's lines per branch) by address code, within each document's store's subsidiary. */
  private async loadBranches(tx: DbOrTx, docs: readonly IngestedDocument[]): Promise<void> {
    const wanted = new Map<string, { subsidiaryId: number; addressCode: string }>();
    for (const doc of docs) {
      const store = this.stores.get(doc.storeCode);
      if (!store) continue;
      for (const { deliveryAddressCode: addressCode } of doc.lines) {
        if (!addressCode || addressCode === store.addressCode) continue;
        const key = branchKey(store.subsidiaryId, addressCode);
        if (!this.branches.has(key)) wanted.set(key, { subsidiaryId: store.subsidiaryId, addressCode });
      }
    }
    if (!wanted.size) return;
    const subsidiaryIds = [...new Set([...wanted.values()].map((w) => w.subsidiaryId))];
    const rows = await tx
      .select({ id: stores.id, subsidiaryId: stores.subsidiaryId, addressCode: stores.addressCode })
      .from(stores)
      .where(
        and(
          inArray(stores.subsidiaryId, subsidiaryIds),
          inArray(stores.addressCode, [...new Set([...wanted.values()].map((w) => w.addressCode))]),
        ),
      );
    for (const key of wanted.keys()) this.branches.set(key, null);
    for (const row of rows) {
      const key = branchKey(row.subsidiaryId, row.addressCode ?? '');
      if (wanted.has(key) && !this.branches.get(key)) this.branches.set(key, { id: row.id, addressCode: row.addressCode });
    }
  }

  /** The references of a document whose codes were loaded; a RuleViolationError naming the field when one is unknown. */
  resolve(doc: IngestedDocument): ResolvedReferences {
    const store = this.stores.get(doc.storeCode);
    if (!store) throw invalid('storeCode', `No store ${doc.storeCode} in this key's subsidiaries.`);
    const vendorId = this.vendors.get(doc.vendorCode);
    if (!vendorId) throw invalid('vendorCode', `No vendor ${doc.vendorCode}.`);
    const lineStores = doc.lines.map((line, i) => {
      if (!line.deliveryAddressCode || line.deliveryAddressCode === store.addressCode)
        return { addressCode: store.addressCode, storeId: store.id };
      const branch = this.branches.get(branchKey(store.subsidiaryId, line.deliveryAddressCode));
      if (!branch)
        throw invalid(
          `lines.${i}.deliveryAddressCode`,
          `No store with address code ${line.deliveryAddressCode} in the store's subsidiary.`,
        );
      return { addressCode: branch.addressCode, storeId: branch.id };
    });
    return { vendorId, store, lineStores };
  }
}

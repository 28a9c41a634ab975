import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { itemChanges, masterdataChanges, pricingChanges } from '../../../db/schema';
import { usersReadingVendor } from '../../auth/actor';

/** What an event tells its recipients, as the digest lists it (emails/templates/digest.ts). */
export type NotificationSummary = {
  /** "Purchase order PO123", "Item change 42 approved". */
  title: string;
  vendor: string;
  store: string | null;
  /** The portal address that opens it (docs/architecture.md "The inbox screen's address"). */
  path: string;
  /** The inbox tab it belongs to, for the digest's "and N more" link. */
  tab: string | null;
};

/** The events notifications hang off (lib/domain/integrations/record-event.ts calls notifyOfEvents with each). */
export type NotifiedEvent = {
  type: string;
  vendorId?: number | null;
  xdocId?: number | null;
  data: Record<string, unknown>;
};

/** An ingested document's type → its preference code and its inbox tab. */
const DOCUMENT_CODES: Record<string, { code: string; tab: string }> = {
  order: { code: 'new-order', tab: 'orders' },
  return: { code: 'new-return-order', tab: 'return-orders' },
  deliverynote: { code: 'new-deliverynote', tab: 'delivery-notes' },
  remittance: { code: 'new-remittance', tab: 'remittances' },
  dispute: { code: 'new-dispute', tab: 'disputes' },
};

/** A decided change's event → its title, its screen, and the table that names who asked for it. */
type DecidedKind = { title: string; path: string; table: typeof itemChanges | typeof pricingChanges | typeof masterdataChanges };

const DECIDED: Record<string, DecidedKind> = {
  'item_change.decided': { title: 'Item change', path: '/changes', table: itemChanges },
  'pricing_change.decided': { title: 'Pricing change', path: '/changes', table: pricingChanges },
  'masterdata_change.decided': { title: 'Master-data change', path: '/masterdata', table: masterdataChanges },
};

/**
 * Writes, in the event's transaction, a notification row for each user who may see what the event is about and
 * wants to hear of it: the vendor's supplier users (usersReadingVendor, the grants a session gets), active, with an
 * address, who have not turned the code off; a decided change only to the one of them who asked for it. Events no
 * preference code covers write nothing.
 */
export async function notifyOfEvents(tx: DbOrTx, list: readonly NotifiedEvent[]): Promise<void> {
  const documents: DocumentNotice[] = [];
  for (const event of list) {
    if (!event.vendorId) continue;
    const document = event.type === 'document.ingested' ? DOCUMENT_CODES[String(event.data.type)] : undefined;
    if (document && event.xdocId) documents.push({ vendorId: event.vendorId, xdocId: event.xdocId, ...document });
    const decided = DECIDED[event.type];
    if (decided) await notifyDecided(tx, event.vendorId, decided, event.data);
  }
  await notifyDocuments(tx, documents);
}

type DocumentNotice = { vendorId: number; xdocId: number; code: string; tab: string };
const arrayOf = (values: readonly (string | number)[], type: 'int' | 'bigint' | 'text') => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The documents' notifications in one statement, however many documents a bulk ingestion's batch holds. */
async function notifyDocuments(tx: DbOrTx, list: readonly DocumentNotice[]) {
  if (!list.length) return;
  const column = <K extends keyof DocumentNotice>(key: K, type: 'int' | 'bigint' | 'text') =>
    arrayOf(
      list.map((notice) => notice[key]),
      type,
    );
  await tx.execute(sql`insert into notifications (user_id, code, xdoc_id, summary)
    select u.id, e.code, e.xdoc_id, jsonb_build_object(
      'title', d.xdoc_type_descr || ' ' || d.docno, 'vendor', v.name || ' (' || v.code || ')',
      'store', s.name || ' (' || s.code || ')', 'path', '/?tab=' || e.tab || '&doc=' || d.tiny_mce, 'tab', e.tab)
    from unnest(${column('vendorId', 'int')}, ${column('xdocId', 'bigint')}, ${column('code', 'text')}, ${column('tab', 'text')})
      as e(vendor_id, xdoc_id, code, tab)
    join xdocs d on d.id = e.xdoc_id join vendors v on v.id = d.vendor_id left join stores s on s.id = d.store_id
    cross join lateral (${usersReadingVendor(sql`e.vendor_id`)}) as r(user_id)
    join users u on u.id = r.user_id and ${wantsCode(sql`e.code`)}`);
}

async function notifyDecided(tx: DbOrTx, vendorId: number, kind: DecidedKind, data: Record<string, unknown>) {
  const what = [kind.title, data.changeId, data.catalogueCode ? `(item ${String(data.catalogueCode)})` : null, data.status]
    .filter((part) => part !== null && part !== undefined)
    .join(' ');
  const summary = sql`(select jsonb_build_object('title', ${what}::text, 'vendor', v.name || ' (' || v.code || ')',
      'store', null, 'path', ${kind.path}::text, 'tab', null) from vendors v where v.id = ${vendorId})`;
  // The change's requester, if they still read the vendor: the vendor's other users did not ask (a change with no
  // requester, such as the seed's, notifies no one).
  const { table } = kind;
  const requester = sql`u.id = (select ${table.requestedBy} from ${table} where ${table.id} = ${Number(data.changeId)})`;
  await insertFor(tx, vendorId, 'change-decided', null, summary, requester);
}

async function insertFor(tx: DbOrTx, vendorId: number, code: string, xdocId: number | null, summary: SQL, only: SQL = sql`true`) {
  await tx.execute(sql`insert into notifications (user_id, code, xdoc_id, summary)
    select u.id, ${code}, ${xdocId}::bigint, ${summary} from users u
    where u.id in (${usersReadingVendor(vendorId)}) and ${wantsCode(code)} and ${only}`);
}

/** An active user with an address who has not turned the code off (lib/domain/preferences). */
export const wantsCode = (code: string | SQL) => sql`u.deleted_at is null and u.email <> ''
  and not exists (select 1 from email_preferences p where p.user_id = u.id and p.code = ${code} and p.disabled)`;

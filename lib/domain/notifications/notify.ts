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

/** The events notifications hang off (lib/domain/integrations/record-event.ts hands them over). */
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
 * Notifications are written in the event's transaction: a row for each user who may see what the event is about
 * and wants to hear of it: the vendor's supplier users (usersReadingVendor, the grants a session gets), active, with
 * an address, who have not turned the code off; a decided change only to the one of them who asked for it. Events
 * no preference code covers write nothing. A new document's are written by the statement that creates it
 * (documentNotificationsSql); a decided change's after its event (notifyOfDecidedChanges, from recordEvents).
 */
export async function notifyOfDecidedChanges(tx: DbOrTx, list: readonly NotifiedEvent[]): Promise<void> {
  for (const event of list) {
    const decided = DECIDED[event.type];
    if (decided && event.vendorId) await notifyDecided(tx, event.vendorId, decided, event.data);
  }
}

/** The preference code and inbox tab of a new document of an ingested type; undefined for a type nobody is told of. */
export const documentNotice = (type: string): { code: string; tab: string } | undefined => DOCUMENT_CODES[type];

/**
 * The insert of new documents' notifications, for the documents' own statement (insert-new-documents.ts): one
 * statement however many documents a bulk ingestion's batch holds. `documents` is a relation of the new rows
 * (xdoc_id, vendor_id, store_id, title, tiny_mce) with their documentNotice (code, tab), read from the
 * statement's own CTEs: the rows it inserts into xdocs are not visible to its joins.
 */
export function documentNotificationsSql(documents: SQL): SQL {
  return sql`insert into notifications (user_id, code, xdoc_id, summary)
    select u.id, n.code, n.xdoc_id, jsonb_build_object(
      'title', n.title, 'vendor', v.name || ' (' || v.code || ')',
      'store', s.name || ' (' || s.code || ')', 'path', '/?tab=' || n.tab || '&doc=' || n.tiny_mce, 'tab', n.tab)
    from ${documents} as n
    join vendors v on v.id = n.vendor_id left join stores s on s.id = n.store_id
    cross join lateral (${usersReadingVendor(sql`n.vendor_id`)}) as r(user_id)
    join users u on u.id = r.user_id and ${wantsCode(sql`n.code`)}`;
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

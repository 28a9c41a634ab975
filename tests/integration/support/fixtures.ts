import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { db } from '../../../db/client';
import { stores, vendors, xdocLines, xdocs, type StoredResponse, type XdocSubType, type XdocType } from '../../../db/schema';

/**
 * Documents made by a test for itself, so assertions never depend on seed randomness and tests that
 * change documents never meet each other's. Numbers are unique per run (a random tag) and carry the
 * prefix 'TX' so they cannot collide with seeded numbers (PO00000042, ...).
 */
const RUN_TAG = randomBytes(3).toString('hex').toUpperCase();
let sequence = 0;
const created: number[] = [];

export function uniqueTag(): string {
  sequence += 1;
  return `${RUN_TAG}${String(sequence).padStart(4, '0')}`;
}

export type FixtureLine = {
  amount?: string | null;
  taxPercent?: string | null;
  qty?: string;
  orderDescr?: string | null;
  response?: string | null;
  /** Multi-branch orders repeat a line number per delivery address. */
  lineNumber?: number;
  deliveryAddressCode?: string | null;
};

export type DocumentFixture = {
  vendorCode: string;
  type?: XdocType;
  subType?: XdocSubType | null;
  storeCode?: string;
  /** Either a number of plain lines or the lines themselves. */
  lines?: number | FixtureLine[];
  docno?: string;
  docnoPrefix?: string;
  docDate?: string;
  deliveryDate?: string | null;
  orderType?: string | null;
  xdocDescr?: string | null;
  reasonCode?: string | null;
  isRead?: boolean;
  respondedAt?: Date | null;
  response?: StoredResponse | null;
  wfStatusCode?: string;
  invoiceNumber?: string | null;
  relatedXdocId?: number | null;
  orderno?: string | null;
};

export type CreatedDocument = {
  id: number;
  tinyMce: string;
  docno: string;
  vendorId: number;
  storeId: number;
  subsidiaryId: number;
  regionId: number | null;
};

const PREFIX: Record<XdocType, string> = {
  order: 'PO',
  invoice: 'INV',
  deliverynote: 'DN',
  remittance: 'RA',
  dispute: 'DSP',
  'aux.grv': 'GRV',
};

export async function vendorByCode(code: string) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.code, code));
  if (!vendor) throw new Error(`No vendor ${code}`);
  return vendor;
}

export async function storeByCode(code: string) {
  const [store] = await db.select().from(stores).where(eq(stores.code, code));
  if (!store) throw new Error(`No store ${code}`);
  return store;
}

/** Inserts one document with its lines (numbered 1..n, R 10.00 each at 15 % VAT unless given). */
export async function createDocument(fixture: DocumentFixture): Promise<CreatedDocument> {
  const type = fixture.type ?? 'order';
  const subType = fixture.subType === undefined ? (type === 'order' ? 'normal' : null) : fixture.subType;
  const vendor = await vendorByCode(fixture.vendorCode);
  const store = await storeByCode(fixture.storeCode ?? 'S001');
  const tag = uniqueTag();
  const prefix = fixture.docnoPrefix ?? (subType === 'return' ? 'RO' : PREFIX[type]);
  const docno = fixture.docno ?? `${prefix}TX${tag}`;
  const lines: FixtureLine[] = Array.isArray(fixture.lines) ? fixture.lines : Array.from({ length: fixture.lines ?? 2 }, () => ({}));
  const totalExcl = lines.reduce((sum, l) => sum + Number(l.qty ?? '2') * Number(l.amount ?? '10'), 0);

  const [doc] = await db
    .insert(xdocs)
    .values({
      tinyMce: `tx-${tag.toLowerCase()}`,
      docno,
      orderno: fixture.orderno ?? (type === 'order' ? docno : null),
      xdocTypeCode: type,
      xdocSubTypeCode: subType,
      xdocTypeDescr: subType === 'return' ? 'Return Order' : type === 'order' ? 'Purchase Order' : null,
      xdocDescr: fixture.xdocDescr ?? null,
      orderType: fixture.orderType ?? 'stock',
      wfStatusCode: fixture.wfStatusCode ?? 'received',
      subsidiaryId: store.subsidiaryId,
      vendorId: vendor.id,
      storeId: store.id,
      regionId: store.regionId,
      divisionId: store.divisionId,
      relatedXdocId: fixture.relatedXdocId ?? null,
      docDate: fixture.docDate ?? '2026-06-15',
      deliveryDate: fixture.deliveryDate === undefined ? '2026-06-22' : fixture.deliveryDate,
      totValue: totalExcl.toFixed(2),
      xdocTotalExcl: totalExcl.toFixed(2),
      xdocTaxAmount: (totalExcl * 0.15).toFixed(2),
      xdocTotalIncl: (totalExcl * 1.15).toFixed(2),
      reasonCode: fixture.reasonCode ?? null,
      isRead: fixture.isRead ?? false,
      respondedAt: fixture.respondedAt ?? null,
      response: fixture.response ?? null,
      invoiceNumber: fixture.invoiceNumber ?? null,
    })
    .returning();
  created.push(doc.id);
  if (lines.length) {
    await db.insert(xdocLines).values(
      lines.map((l, i) => ({
        xdocId: doc.id,
        lineNumber: l.lineNumber ?? i + 1,
        catalogueCode: `CAT${String(i + 1).padStart(5, '0')}`,
        descr: `Test item ${i + 1}`,
        qty: l.qty ?? '2',
        originalqty: l.qty ?? '2',
        amount: l.amount === undefined ? '10.00' : l.amount,
        originalamount: l.amount === undefined ? '10.00' : l.amount,
        taxPercent: l.taxPercent === undefined ? '15' : l.taxPercent,
        orderDescr: l.orderDescr ?? null,
        response: l.response ?? null,
        deliveryAddressCode: l.deliveryAddressCode ?? null,
        storeId: store.id,
      })),
    );
  }
  return {
    id: doc.id,
    tinyMce: doc.tinyMce,
    docno: doc.docno,
    vendorId: vendor.id,
    storeId: store.id,
    subsidiaryId: store.subsidiaryId,
    regionId: store.regionId,
  };
}

/** An open order (purchase order unless subType says 'return'). */
export function createOrder(fixture: Omit<DocumentFixture, 'type'>): Promise<CreatedDocument> {
  return createDocument({ ...fixture, type: 'order' });
}

/**
 * Copies document `templateId` into `copies` new documents of `day`, numbered `${docno}-1`, `${docno}-2`…, in one
 * insert statement on the client (inside its open transaction, if any), as a bulk batch writes them. Its lines are
 * not copied; the caller removes the copies (by their number) or rolls them back.
 */
export async function copyDocument(client: PoolClient, templateId: number, docno: string, day: string, copies = 1): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(column_name) as name from information_schema.columns
      where table_name = 'xdocs' and column_name not in ('id', 'tiny_mce', 'docno', 'doc_date') and is_generated = 'NEVER'`,
  );
  const columns = rows.map((r) => r.name).join(', ');
  await client.query(
    `insert into xdocs (tiny_mce, docno, doc_date, ${columns})
     select $2 || '-' || n, $2 || '-' || n, $3, ${columns} from xdocs, generate_series(1, $4::int) n where id = $1`,
    [templateId, docno, day, copies],
  );
}

/** Removes every document this test file created (lines and audit entries go with them). */
export async function removeCreatedDocuments(): Promise<void> {
  if (!created.length) return;
  const ids = created.splice(0);
  await db.update(xdocs).set({ relatedXdocId: null }).where(inArray(xdocs.relatedXdocId, ids));
  await db.delete(xdocs).where(inArray(xdocs.id, ids));
}

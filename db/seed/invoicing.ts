import type pg from 'pg';
import { LAST_DOC_DATE } from './documents-sql';

/*
 * A few fixed orders of the demo supplier (V0001) waiting on the Invoices tab, so every invoicing flow
 * can be tried on any seed: an order with a delivery note to pick, one to send a delivery note for,
 * a multi-branch (jab) order, a return order to credit, and an order whose goods receipt (aux.grv)
 * counted less than ordered (the discrepancy window). Numbers outside the generated pattern
 * (PO-INV-0001 …), so the document count of the generated seed is untouched; written after it, and
 * idempotent (tinyMce is the key).
 */

type DemoLine = { qty: number; amount: string; tax?: number; store?: string };
type DemoDoc = {
  key: string;
  docno: string;
  type: 'order' | 'deliverynote' | 'aux.grv';
  sub: string | null;
  descr: string;
  /** The order a delivery note or goods receipt is raised against (its key). */
  against?: string;
  reasonCode?: string;
  lines: DemoLine[];
};

const BRANCHES = ['S001', 'S002'];

export const INVOICING_DEMO: DemoDoc[] = [
  {
    key: 'po1',
    docno: 'PO-INV-0001',
    type: 'order',
    sub: 'normal',
    descr: 'Stock replenishment order',
    lines: [
      { qty: 10, amount: '25.00' },
      { qty: 4, amount: '99.90' },
      { qty: 6, amount: '12.50', tax: 0 },
    ],
  },
  {
    key: 'dn1',
    docno: 'DN-INV-0001',
    type: 'deliverynote',
    sub: null,
    descr: 'Proof of delivery',
    against: 'po1',
    lines: [
      { qty: 10, amount: '25.00' },
      { qty: 4, amount: '99.90' },
      { qty: 6, amount: '12.50', tax: 0 },
    ],
  },
  {
    key: 'po2',
    docno: 'PO-INV-0002',
    type: 'order',
    sub: 'direct',
    descr: 'Stock replenishment order',
    lines: [
      { qty: 5, amount: '40.00' },
      { qty: 2, amount: '15.00' },
    ],
  },
  {
    key: 'po3',
    docno: 'PO-INV-0003',
    type: 'order',
    sub: 'jab',
    descr: 'jab multi-branch order',
    lines: BRANCHES.flatMap((store) => [
      { qty: 3, amount: '18.00', store },
      { qty: 2, amount: '7.50', store },
    ]),
  },
  {
    key: 'ro1',
    docno: 'RO-INV-0001',
    type: 'order',
    sub: 'return',
    descr: 'Return order - damaged stock',
    lines: [{ qty: 3, amount: '20.00' }],
  },
  {
    key: 'po4',
    docno: 'PO-INV-0004',
    type: 'order',
    sub: 'normal',
    descr: 'Stock replenishment order',
    lines: [
      { qty: 10, amount: '11.00' },
      { qty: 1, amount: '250.00' },
    ],
  },
  {
    key: 'grv4',
    docno: 'GRV-INV-0004',
    type: 'aux.grv',
    sub: null,
    descr: 'Goods received with discrepancy',
    against: 'po4',
    reasonCode: 'A',
    lines: [
      { qty: 8, amount: '11.00' },
      { qty: 1, amount: '250.00' },
    ],
  },
];

const tinyOf = (key: string) => `demo-invoicing-${key}`;

/** The demo documents with their lines; a delivery note also records what it delivered. */
export async function seedInvoicingDemo(client: pg.PoolClient): Promise<void> {
  const docs = INVOICING_DEMO.map((d) => {
    const lines = d.lines.map((l, i) => {
      const lineNumber = d.sub === 'jab' ? (i % 2) + 1 : i + 1;
      const excl = Math.round(l.qty * Number(l.amount) * 100);
      const tax = Math.round((excl * (l.tax ?? 15)) / 100);
      return { ...l, lineNumber, tax: l.tax ?? 15, excl, taxAmount: tax, store: l.store ?? 'S001' };
    });
    const excl = lines.reduce((s, l) => s + l.excl, 0);
    const tax = lines.reduce((s, l) => s + l.taxAmount, 0);
    return { ...d, tiny: tinyOf(d.key), against: d.against ? tinyOf(d.against) : null, lines, excl: excl / 100, tax: tax / 100 };
  });
  // Orders first: a delivery note or goods receipt finds its order's id by tinyMce.
  for (const ordersFirst of [true, false]) {
    await client.query(
      `with v as (select id from vendors where code = 'V0001'), s as (select * from stores where code = 'S001'),
       rv as (select u.id, u.name from users u where u.email = 'supplier@portal.test'),
       d as (select * from jsonb_to_recordset($1::jsonb) as d(tiny text, docno text, type text, sub text, descr text, against text,
              "reasonCode" text, excl numeric, tax numeric))
       insert into xdocs (tiny_mce, docno, orderno, xdoc_type_code, xdoc_sub_type_code, xdoc_type_descr, xdoc_descr, order_type,
         wf_status_code, subsidiary_id, vendor_id, store_id, region_id, division_id, related_xdoc_id, doc_date, delivery_date,
         delivery_method, tot_value, xdoc_total_excl, xdoc_tax_amount, xdoc_total_incl, deliverynote_number, xdoc_deliverynote_date,
         reason_code, is_read, read_at, read_by, response, responded_at, responded_by)
       select d.tiny, d.docno, coalesce(o.docno, d.docno), d.type, d.sub,
         case d.type when 'order' then case when d.sub = 'return' then 'Return Order' else 'Purchase Order' end
                     when 'deliverynote' then 'Delivery Note' else 'Goods Received Voucher' end,
         d.descr, 'stock', case when d.type = 'order' then 'confirmed' else 'received' end,
         s.subsidiary_id, v.id, s.id, s.region_id, s.division_id, o.id, date '${LAST_DOC_DATE}' - 4, date '${LAST_DOC_DATE}' + 3,
         case when d.sub = 'return' then 'Collection' else 'Direct to store' end,
         d.excl + d.tax, d.excl, d.tax, d.excl + d.tax,
         case when d.type = 'deliverynote' then d.docno end, case when d.type = 'deliverynote' then date '${LAST_DOC_DATE}' - 2 end,
         d."reasonCode", true, timestamp '${LAST_DOC_DATE} 09:00', rv.id,
         case when d.type = 'order' then '{"response":"confirmed"}'::jsonb end,
         case when d.type = 'order' then timestamp '${LAST_DOC_DATE} 09:00' end, case when d.type = 'order' then rv.id end
       from d cross join v cross join s cross join rv left join xdocs o on o.tiny_mce = d.against
       where (d.against is null) = $2
       order by d.docno
       on conflict (tiny_mce) do nothing`,
      [JSON.stringify(docs), ordersFirst],
    );
  }
  const lines = docs.flatMap((d) =>
    d.lines.map((l) => ({ tiny: d.tiny, ...l, amount: l.amount, excl: l.excl / 100, taxAmount: l.taxAmount / 100 })),
  );
  await client.query(
    `with l as (select * from jsonb_to_recordset($1::jsonb) as l(tiny text, "lineNumber" int, qty numeric, amount numeric, tax numeric,
       "taxAmount" numeric, store text))
     insert into xdoc_lines (xdoc_id, line_number, catalogue_code, descr, qty, originalqty, amount, originalamount, tax_percent,
       tax_amount, response, delivery_address_code, store_id)
     select x.id, l."lineNumber", (101000 + l."lineNumber")::text, i.descr, l.qty, l.qty, l.amount, l.amount, l.tax, l."taxAmount",
       case when x.xdoc_type_code = 'order' then 'Confirmed' end, st.address_code, st.id
     from l join xdocs x on x.tiny_mce = l.tiny join stores st on st.code = l.store
     left join items i on i.catalogue_code = (101000 + l."lineNumber")::text
     on conflict do nothing`,
    [JSON.stringify(lines)],
  );
  await client.query(
    `insert into delivered_lines (order_xdoc_id, deliverynote_xdoc_id, deliverynote_number, line_number, delivery_address_code, qty)
     select n.related_xdoc_id, n.id, n.docno, l.line_number, l.delivery_address_code, l.qty
     from xdocs n join xdoc_lines l on l.xdoc_id = n.id
     where n.tiny_mce = any($1::text[]) and n.xdoc_type_code = 'deliverynote'
       and not exists (select 1 from delivered_lines d where d.deliverynote_xdoc_id = n.id)`,
    [docs.filter((d) => d.type === 'deliverynote').map((d) => d.tiny)],
  );
  // Their audit trail, as the generated seed writes it: received, then (orders) confirmed by the supplier.
  await client.query(
    `insert into audit_entries (xdoc_id, entity_type, entity_id, action, descr, owner_user_id, owner_name, created_at)
     select x.id, 'xdoc', x.id, a.action, a.descr, a.owner_id, a.owner_name, a.at
     from xdocs x left join users u on u.id = x.responded_by
     cross join lateral (values
       ('created', x.xdoc_type_descr || ' ' || x.docno || ' received', null::int, 'System', x.doc_date::timestamp),
       ('responded', 'Order confirmed', x.responded_by, u.name, x.responded_at)
     ) a(action, descr, owner_id, owner_name, at)
     where x.tiny_mce = any($1::text[]) and a.at is not null
       and not exists (select 1 from audit_entries e where e.xdoc_id = x.id)`,
    [docs.map((d) => d.tiny)],
  );
}

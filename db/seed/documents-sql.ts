import { DOC_KINDS } from './document-kinds';
import { STORES } from './reference-data';
import { VENDORS } from './vendors';

/*
 * One set-based statement that creates documents n = $1..$2 with their lines, audit entries and
 * invoiced/delivered quantities. Everything is a pure function of n (hashes of n), so a re-run or a
 * top-up produces exactly the same rows. $3: audit entries only for n <= $3 (keeps the big seed lean).
 * $4: true = the orders of the range, false = the rest. Orders go first so documents raised against
 * an order (invoices, delivery notes…) can find its id through its tinyMce. $5: the low two digits
 * (n % 100) to create, i.e. the vendors this call owns (see seedDocuments).
 */

/** A deterministic integer in [0, mod) from an expression and a salt (hashint8extended must stay stable: hash partitioning relies on it). */
const h = (expr: string, salt: number, mod: number | string) =>
  `((hashint8extended((${expr})::bigint, ${salt}) & 2147483647) % (${mod}))::int`;
/** Same as `slotOf` in document-kinds.ts. */
const slot = (expr: string) => `((((${expr}) / 100) * 37 + ((${expr}) % 100) * 13) % 100)::int`;
/** Same as `vendorNoOf` in document-kinds.ts. */
const vendorNo = (expr: string) =>
  `(case when (${expr}) % 100 < 32 then 1 when (${expr}) % 100 < 46 then 2 when (${expr}) % 100 < 56 then 3 else 4 + (((${expr}) % 100 - 56) / 2)::int end)`;
/** Roll deciding an order's response; invoices look for earlier orders by the same roll. */
const roll = (expr: string) => h(expr, 21, 100);
/** Lines of order n: one line for ~20% of orders (line-level responses are refused for those). */
const orderLines = (expr: string) => `(case when ${h(expr, 11, 100)} < 20 then 1 else 2 + ${h(expr, 12, 7)} end)`;
/** Catalogue code of item `itemNo` of vendor `vendorNo` (same as catalogueCode() in catalogue.ts). */
const itemCode = (vendorNoExpr: string, itemNoExpr: string) => `(100000 + (${vendorNoExpr}) * 1000 + (${itemNoExpr}))::text`;
/** A local (Johannesburg) wall-clock time on a date, as timestamptz, independent of the server's time zone. */
const local = (dateExpr: string, interval: string) => `((${dateExpr})::timestamp + ${interval}) at time zone 'Africa/Johannesburg'`;
const textArray = (values: string[]) => `(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}])`;

/** Last document date; dates spread over the 548 days before it. Fixed, so the seed does not drift with the clock. */
export const LAST_DOC_DATE = '2026-11-20';

const ORDER_REJECT_REASONS = textArray(['minimum order value', 'delivery date', 'discontinued/invalid item', 'other']);
const RETURN_REJECT_REASONS = textArray(['minimum order value', 'collection date', 'discontinued/invalid item', 'other']);
const INSTRUCTIONS = textArray([
  'Deliver to receiving bay 2 before 10:00',
  'Call the store manager 30 minutes before arrival',
  'No deliveries on Sundays or public holidays',
  'Palletised delivery only; shrink-wrap required',
  'Security gate: phone ahead for access code',
  'Use the back entrance; forklift available on site',
]);
const RETURN_REASONS = textArray(['damaged stock', 'expired stock', 'overstock', 'product recall']);
const DISPUTE_LABELS = `jsonb_build_object('Q', 'Quantity Overcharge', 'U', 'Quantity Undercharge', 'O', 'Price Overcharge')`;

const kindsValues = DOC_KINDS.map(
  (k) =>
    `(${k.lo}, ${k.hi}, '${k.type}', ${k.sub ? `'${k.sub}'` : 'null'}, '${k.typeDescr}', '${k.prefix}', ${k.relates ? `'${k.relates}'` : 'null'})`,
).join(',\n    ');

/**
 * Nearest earlier document of the same vendor that is a confirmed order of the right kind.
 * A vendor owns a contiguous range of low two digits [s_lo, s_lo + w), so its documents can be
 * ranked (p) and walked backwards by rank with plain arithmetic, without touching the table.
 */
const relatedSearch = (relates: 'order' | 'return') => {
  const [lo, hi, confirmedBelow, depth] = relates === 'order' ? [0, 33, 38, 60] : [40, 47, 25, 250];
  const m = '((g.p - j) / g.w) * 100 + g.s_lo + (g.p - j) % g.w';
  return `(select ${m} from generate_series(1, least(${depth}, g.p)) j
      where ${m} >= 1 and ${slot(m)} between ${lo} and ${hi} and ${roll(m)} < ${confirmedBelow} order by j limit 1)`;
};

export const DOCUMENTS_SQL = `
with
kinds (lo, hi, type_code, sub_code, type_descr, prefix, relates) as (values
    ${kindsValues}),
v as (
  select id, substr(code, 2)::int as no from vendors where code = any(${textArray(VENDORS.map((x) => x.code))})
),
-- Who answers and reads a vendor's documents: its linked users who have signed up, in a stable order.
rv as (
  select uv.vendor_id, array_agg(u.id order by u.id) as ids, array_agg(u.name order by u.id) as names
  from user_vendors uv join users u on u.id = uv.user_id
  where u.password_hash is not null
  group by uv.vendor_id
),
st as (
  select s.id, s.subsidiary_id, s.region_id, s.division_id, s.address_code,
    (row_number() over (order by s.code) - 1)::int as idx,
    (row_number() over (partition by s.subsidiary_id order by s.code) - 1)::int as sub_pos,
    (count(*) over (partition by s.subsidiary_id))::int as sub_count
  from stores s where s.code = any(${textArray(STORES.map((x) => x.code))})
),
cat as materialized (
  select i.vendor_id, i.catalogue_code, i.descr, p.cost_price
  from items i
  join lateral (select cost_price from pricings where item_id = i.id and subsidiary_id is null order by effective_from desc limit 1) p on true
),
-- s_lo, w: the vendor's range of low two digits (see vendorNoOf); p: the document's rank among that vendor's documents.
g0 as (
  select n, ${slot('n')} as slot, (n % 100)::int as s,
    case when n % 100 < 32 then 0 when n % 100 < 46 then 32 when n % 100 < 56 then 46 else 56 + ((n % 100 - 56) / 2)::int * 2 end as s_lo,
    case when n % 100 < 32 then 32 when n % 100 < 46 then 14 when n % 100 < 56 then 10 else 2 end as w
  from generate_series($1::bigint, $2::bigint) n
  where (n % 100)::int = any($5::int[])
),
g as materialized (
  select g0.*, (g0.n / 100) * g0.w + (g0.s - g0.s_lo) as p from g0
),
d0 as materialized (
  select g.n, k.type_code, k.sub_code, k.type_descr, k.prefix,
    case k.relates when 'order' then ${relatedSearch('order')} when 'return' then ${relatedSearch('return')} end as m
  from g join kinds k on g.slot between k.lo and k.hi
  where (k.type_code = 'order') = $4
),
-- b is the document whose facts (store, dates, lines) a document shares: its related order, else itself.
d1 as materialized (
  select d0.*, coalesce(d0.m, d0.n) as b, ${vendorNo('d0.n')} as vendor_no
  from d0
),
d2 as materialized (
  select d1.*, v.id as vendor_id,
    st.id as store_id, st.subsidiary_id, st.region_id, st.division_id, st.sub_pos, st.sub_count,
    date '${LAST_DOC_DATE}' - ${h('d1.b', 1, 548)} as base_date,
    case when d1.sub_code = 'jab' then 2 + ${h('d1.b', 12, 7)} when d1.type_code = 'remittance' then 1 + ${h('d1.b', 12, 8)} else ${orderLines('d1.b')} end as nlines,
    case when d1.sub_code = 'jab' then 2 + ${h('d1.n', 14, 2)} else 1 end as nbranches,
    ${roll('d1.n')} as roll,
    case when rv.ids is null then null else 1 + ${h('d1.n', 27, 'cardinality(rv.ids)')} end as who,
    rv.ids, rv.names,
    substr(md5('xdoc:' || d1.n), 1, 20) as tiny,
    d1.prefix || lpad(d1.n::text, 8, '0') as docno,
    case when d1.m is not null then substr(md5('xdoc:' || d1.m), 1, 20) end as related_tiny,
    case when d1.m is null then null when d1.sub_code = 'creditnote' then 'RO' else 'PO' end || lpad(d1.m::text, 8, '0') as related_docno
  from d1
  join v on v.no = d1.vendor_no
  join st on st.idx = ${h('d1.b', 2, STORES.length)}
  left join rv on rv.vendor_id = v.id
),
d3 as materialized (
  select d2.*,
    case when d2.m is not null then least(d2.base_date + 2 + ${h('d2.n', 3, 9)}, date '${LAST_DOC_DATE}') else d2.base_date end as doc_date,
    case
      when d2.type_code = 'order' and d2.sub_code <> 'return' then
        case when d2.roll < 30 then 'confirmed' when d2.roll < 38 then 'outstanding' when d2.roll < 43 then 'rejected'
             when d2.roll < 50 then case when d2.nlines >= 2 then 'mixed' else 'confirmed' end else 'received' end
      when d2.type_code = 'order' then
        case when d2.roll < 25 then 'confirmed' when d2.roll < 30 then 'rejected' else 'received' end
      else case when ${h('d2.n', 23, 100)} < 50 then 'responded' else 'received' end
    end as wf,
    case when d2.type_code = 'aux.grv' and ${h('d2.n', 40, 100)} < 35 then (array['A', 'B', 'C'])[1 + ${h('d2.n', 41, 3)}]
         when d2.type_code = 'dispute' then (array['Q', 'U', 'O'])[1 + ${h('d2.n', 41, 3)}] end as reason_code,
    case when d2.type_code = 'remittance' then null
         when ${h('d2.b', 5, 100)} < 70 then 'stock' when ${h('d2.b', 5, 100)} < 90 then 'promotion' else 'non-stock' end as order_type,
    (case when d2.sub_code = 'return' then ${RETURN_REJECT_REASONS} else ${ORDER_REJECT_REASONS} end)[1 + ${h('d2.n', 30, 4)}] as reject_reason,
    'REF' || lpad(${h('d2.n', 31, 1000000)}::text, 6, '0') as supplier_ref,
    d2.ids[d2.who] as who_id, coalesce(d2.names[d2.who], 'Supplier') as who_name
  from d2
),
ds as materialized (
  select d3.*,
    d3.type_code = 'order' and d3.wf <> 'received' as responded,
    case when d3.type_code = 'order' then d3.wf <> 'received' else ${h('d3.n', 24, 100)} < 60 end as is_read,
    ${local('d3.doc_date', "interval '6 hours'")} as created_at,
    case when d3.type_code = 'order' and d3.wf <> 'received' then
      ${local(`least(d3.doc_date + ${h('d3.n', 26, 3)} + time '10:00' + ${h('d3.n', 28, 300)} * interval '1 minute', timestamp '${LAST_DOC_DATE} 16:00')`, "interval '0'")}
    end as responded_at,
    case when d3.type_code <> 'order' and ${h('d3.n', 24, 100)} < 60 then
      ${local(`least(d3.doc_date + ${h('d3.n', 25, 5)} + time '08:00' + ${h('d3.n', 29, 480)} * interval '1 minute', timestamp '${LAST_DOC_DATE} 17:00')`, "interval '0'")}
    end as other_read_at
  from d3
),
-- Related orders were inserted by an earlier statement (or batch), so they are found by their tinyMce.
rel as (
  select ds.n, o.id as related_id from ds join xdocs o on o.tiny_mce = ds.related_tiny
),
ln as (
  select ds.n, ds.tiny, ds.type_code, ds.docno, ds.created_at, l.l, br.br,
    bst.id as line_store_id, bst.address_code,
    -- A cancelled order line keeps its quantity on the order; documents raised against the order carry 0 for it.
    l.l > 1 and ${h('ds.b * 16 + l.l', 34, 100)} < 4 as cancelled,
    case when ds.type_code = 'remittance' then 'INV' || lpad((1 + ${h('ds.n * 8 + l.l', 35, 99999999)})::text, 8, '0')
         else coalesce(c.catalogue_code, ${itemCode('ds.vendor_no', `1 + (${h('ds.b', 31, 20)} + l.l * 7) % 20`)}) end as catalogue_code,
    case when ds.type_code = 'remittance' then 'Payment of invoice' else coalesce(c.descr, 'Catalogue item') end as descr,
    case when ds.type_code = 'remittance' then 1
         else 1 + ${h('ds.b * 64 + l.l * 4 + br.br', 32, "case when ds.sub_code = 'jab' then 12 else 24 end")} end as base_qty,
    case when ds.type_code = 'remittance' then round(100 + ${h('ds.n * 8 + l.l', 36, 4900000)} / 100.0, 2)
         else coalesce(c.cost_price, round(10 + ${h('ds.b * 16 + l.l', 37, 20000)} / 100.0, 2)) end as base_amount,
    case when ds.type_code = 'remittance' or ${h('ds.b * 16 + l.l', 33, 100)} < 8 then 0 else 15 end::numeric(5, 2) as tax_percent,
    ds.m is not null as derived, ds.reason_code, ds.wf, ds.reject_reason, ds.supplier_ref, ds.sub_code
  from ds
  cross join lateral generate_series(1, ds.nlines) l(l)
  cross join lateral generate_series(0, ds.nbranches - 1) br(br)
  -- jab orders deliver to several branches of the same subsidiary; branch 0 is the ordering store.
  join st bst on bst.subsidiary_id = ds.subsidiary_id and bst.sub_pos = (ds.sub_pos + br.br * 3) % ds.sub_count
  left join cat c on c.vendor_id = ds.vendor_id and c.catalogue_code = ${itemCode('ds.vendor_no', `1 + (${h('ds.b', 31, 20)} + l.l * 7) % 20`)}
),
lv as (
  select ln.*,
    (case when ln.derived and ln.cancelled then 0
          when ln.type_code = 'aux.grv' and ln.l = 1 and ln.reason_code in ('A', 'C') then ln.base_qty - 1
          else ln.base_qty end)::numeric(12, 2) as qty,
    (case when ln.type_code = 'aux.grv' and ln.l = 1 and ln.reason_code in ('B', 'C') then round(ln.base_amount * 0.95, 2)
          else ln.base_amount end)::numeric(14, 2) as amount
  from ln
),
lines as materialized (
  select lv.*, round(lv.qty * lv.amount * lv.tax_percent / 100, 2)::numeric(14, 2) as tax_amount from lv
),
tot as (
  select n, sum(qty * amount) as excl, sum(tax_amount) as tax from lines group by n
),
ins as (
  insert into xdocs (tiny_mce, docno, orderno, xdoc_type_code, xdoc_sub_type_code, xdoc_type_descr, xdoc_descr, order_type,
    wf_status_code, subsidiary_id, vendor_id, store_id, to_store_id, region_id, division_id, related_xdoc_id, doc_date,
    delivery_date, delivery_method, delivery_instructions, tot_value, xdoc_total_excl, xdoc_tax_amount, xdoc_total_incl,
    xdoc_invoicedate, xdoc_deliverynote_date, invoice_number, deliverynote_number, to_follow, reason_code, is_read, read_at,
    read_by, response, responded_at, responded_by, invoicing_closed_at, created_at, updated_at, line_count)
  select ds.tiny, ds.docno,
    case when ds.type_code = 'order' then ds.docno else ds.related_docno end,
    ds.type_code, ds.sub_code, ds.type_descr,
    case
      when ds.sub_code = 'jab' then 'jab multi-branch order'
      when ds.sub_code = 'return' then 'Return order - ' || ${RETURN_REASONS}[1 + ${h('ds.n', 42, 4)}]
      when ds.type_code = 'order' then case ds.order_type when 'promotion' then 'Promotion order' when 'non-stock' then 'Non-stock order' else 'Stock replenishment order' end
      when ds.sub_code = 'creditnote' then 'Credit note for returned goods'
      when ds.type_code = 'invoice' then 'Tax invoice'
      when ds.type_code = 'deliverynote' then 'Proof of delivery'
      when ds.type_code = 'aux.grv' then case when ds.reason_code is null then 'Goods received in full' else 'Goods received with discrepancy' end
      when ds.type_code = 'remittance' then 'Payment remittance ' || to_char(ds.doc_date, 'FMMonth YYYY')
      else 'Invoice dispute - ' || (${DISPUTE_LABELS} ->> ds.reason_code)
    end,
    ds.order_type, ds.wf, ds.subsidiary_id, ds.vendor_id, ds.store_id, ts.id, ds.region_id, ds.division_id, rel.related_id, ds.doc_date,
    case when ds.type_code = 'order' or ds.m is not null then ds.base_date + 3 + ${h('ds.b', 6, 12)} end,
    case when ds.type_code <> 'order' and ds.m is null then null
         when ${slot('ds.b')} between 40 and 47 then 'Collection'
         when ${slot('ds.b')} <= 15 then 'Distribution centre'
         when ${slot('ds.b')} between 26 and 33 and ${h('ds.b', 7, 2)} = 0 then 'Distribution centre'
         else 'Direct to store' end,
    case when ds.type_code = 'order' and ${h('ds.n', 8, 100)} < 25 then
      case when ds.sub_code = 'return' then 'Collect from the returns cage; ask for the receiving clerk' else ${INSTRUCTIONS}[1 + ${h('ds.n', 9, 6)}] end
    end,
    tot.excl + tot.tax, tot.excl, tot.tax, tot.excl + tot.tax,
    case when ds.type_code = 'invoice' then ds.doc_date end,
    case when ds.type_code = 'deliverynote' then ds.doc_date end,
    case when ds.type_code = 'invoice' then ds.docno end,
    case when ds.type_code = 'deliverynote' then ds.docno end,
    case when ds.type_code in ('order', 'invoice') and ${h('ds.n', 15, 100)} < 12 then 1 else 0 end,
    ds.reason_code,
    ds.is_read,
    coalesce(ds.responded_at, ds.other_read_at),
    case when ds.is_read then ds.who_id end,
    case when not ds.responded then null
         when ds.wf = 'rejected' then jsonb_build_object('response', 'rejected', 'reason', ds.reject_reason, 'supplierRef', ds.supplier_ref)
         when ds.wf = 'mixed' then jsonb_build_object('response', 'detailResponse')
         else jsonb_build_object('response', 'confirmed') end,
    ds.responded_at,
    case when ds.responded then ds.who_id end,
    -- Older confirmed orders count as fully invoiced (or credited); recent ones are still to invoice.
    case when ds.type_code = 'order' and ds.wf in ('confirmed', 'mixed') and ds.doc_date < date '${LAST_DOC_DATE}' - 60
         then ${local('ds.doc_date', "interval '21 days 12 hours'")} end,
    ds.created_at,
    greatest(ds.created_at, ds.responded_at, ds.other_read_at),
    ds.nlines
  from ds
  join tot on tot.n = ds.n
  left join rel on rel.n = ds.n
  -- Some direct and semi-direct orders are delivered on to a neighbouring store of the same subsidiary.
  left join st ts on ds.sub_code in ('direct', 'semi direct') and ${h('ds.n', 10, 100)} < 12
    and ts.subsidiary_id = ds.subsidiary_id and ts.sub_pos = (ds.sub_pos + 1) % ds.sub_count
  order by ds.n
  on conflict (tiny_mce) do nothing
  returning id, tiny_mce
),
ins_lines as (
  insert into xdoc_lines (xdoc_id, line_number, catalogue_code, descr, qty, originalqty, amount, originalamount, tax_percent,
    tax_amount, response, reason, supplier_ref, order_descr, delivery_address_code, store_id, invoice_number)
  select i.id, lines.l, lines.catalogue_code, lines.descr, lines.qty, lines.qty, lines.amount, lines.amount, lines.tax_percent,
    lines.tax_amount,
    case when lines.type_code <> 'order' or lines.wf = 'received' or lines.cancelled then null
         when lines.wf = 'rejected' or (lines.wf = 'mixed' and lines.l % 2 = 0) then 'Rejected' else 'Confirmed' end,
    case when lines.type_code = 'order' and not lines.cancelled and (lines.wf = 'rejected' or (lines.wf = 'mixed' and lines.l % 2 = 0)) then lines.reject_reason end,
    case when lines.type_code = 'order' and not lines.cancelled and (lines.wf = 'rejected' or (lines.wf = 'mixed' and lines.l % 2 = 0)) then lines.supplier_ref end,
    case when lines.type_code = 'order' and lines.cancelled then 'cancelled' end,
    lines.address_code, lines.line_store_id,
    case when lines.type_code = 'invoice' then lines.docno end
  from lines join ins i on i.tiny_mce = lines.tiny
),
ins_invoiced as (
  insert into invoiced_lines (order_xdoc_id, invoice_xdoc_id, invoice_number, line_number, delivery_address_code, qty, amount, tax_percent, created_at)
  select rel.related_id, i.id, lines.docno, lines.l, lines.address_code, lines.qty, lines.amount, lines.tax_percent, lines.created_at
  from lines join rel on rel.n = lines.n join ins i on i.tiny_mce = lines.tiny
  where lines.type_code = 'invoice'
),
ins_delivered as (
  insert into delivered_lines (order_xdoc_id, deliverynote_xdoc_id, deliverynote_number, line_number, delivery_address_code, qty, created_at)
  select rel.related_id, i.id, lines.docno, lines.l, lines.address_code, lines.qty, lines.created_at
  from lines join rel on rel.n = lines.n join ins i on i.tiny_mce = lines.tiny
  where lines.type_code = 'deliverynote'
),
ins_audit as (
  insert into audit_entries (xdoc_id, entity_type, entity_id, action, descr, owner_user_id, owner_name, created_at)
  select i.id, 'xdoc', i.id, a.action, a.descr, a.owner_id, a.owner_name, a.at
  from ds join ins i on i.tiny_mce = ds.tiny
  cross join lateral (values
    ('created', ds.type_descr || ' ' || ds.docno || ' received', null::int, 'System', ds.created_at),
    ('responded',
      case ds.wf when 'rejected' then 'Order rejected: ' || ds.reject_reason || ' (supplier ref ' || ds.supplier_ref || ')'
                 when 'mixed' then 'Order responded per line' else 'Order confirmed' end,
      ds.who_id, ds.who_name, ds.responded_at),
    ('read', 'Marked as read', ds.who_id, ds.who_name, ds.other_read_at)
  ) a(action, descr, owner_id, owner_name, at)
  where ds.n <= $3 and a.at is not null
)
select count(*)::int as inserted from ins
`;

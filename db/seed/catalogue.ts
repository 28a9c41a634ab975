import { PRODUCTS } from './products';
import { amountBetween, hashInt, insertJson, type Queryable } from './sql';
import { VENDORS, type Vendor } from './vendors';

export const ITEMS_PER_VENDOR = 20;

/** Catalogue codes are derived, not random: the document seed computes the same code in SQL (see documents-sql.ts). */
export const catalogueCode = (vendorNo: number, itemNo: number) => String(100000 + vendorNo * 1000 + itemNo);

/** An EAN-13 with South Africa's 600 prefix and a valid check digit. */
export function barcode(vendorNo: number, itemNo: number): string {
  const body = `600${String(vendorNo).padStart(4, '0')}${String(itemNo).padStart(5, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

type ItemSeed = { vendor: string; code: string; barcode: string; descr: string; pack_size: number; active: boolean; cost: string };

function itemsOf(v: Vendor): ItemSeed[] {
  return Array.from({ length: ITEMS_PER_VENDOR }, (_, k) => {
    const itemNo = k + 1;
    const [product, first, second, base] = PRODUCTS[v.category][k % 10];
    const isSecond = k >= 10;
    const price = base * (isSecond ? 1.9 : 1);
    return {
      vendor: v.code,
      code: catalogueCode(v.no, itemNo),
      barcode: barcode(v.no, itemNo),
      descr: `${v.brand} ${product} ${isSecond ? second : first}`,
      pack_size: [1, 6, 12, 24][hashInt(`pack:${v.code}:${itemNo}`) % 4],
      // Every fifth vendor has discontinued its last item, so the item list's active filter matters.
      active: !(itemNo === ITEMS_PER_VENDOR && v.no % 5 === 0),
      cost: amountBetween(`cost:${v.code}:${itemNo}`, price * 0.9, price * 1.1),
    };
  });
}

export const ITEMS: ItemSeed[] = VENDORS.flatMap(itemsOf);

export async function seedItemsAndPricings(db: Queryable): Promise<void> {
  await insertJson(
    db,
    `insert into items (vendor_id, catalogue_code, barcode, descr, pack_size, active, created_at, updated_at)
     select v.id, x.code, x.barcode, x.descr, x.pack_size, x.active, timestamptz '2025-02-01 08:00+02', timestamptz '2025-02-01 08:00+02'
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, barcode text, descr text, pack_size int, active boolean)
     join vendors v on v.code = x.vendor
     order by x.vendor, x.code
     on conflict do nothing`,
    ITEMS,
  );
  // Every item has a group-wide price; every fourth also a lower Baobab (SUB02) price from a later date.
  const pricings = ITEMS.flatMap((item, i) => {
    const general = { vendor: item.vendor, code: item.code, subsidiary: null, cost: item.cost, from: '2025-03-01' };
    if (i % 4 !== 3) return [general];
    const local = (Number(item.cost) * 0.96).toFixed(2);
    return [general, { vendor: item.vendor, code: item.code, subsidiary: 'SUB02', cost: local, from: '2025-09-01' }];
  });
  await insertJson(
    db,
    `insert into pricings (item_id, subsidiary_id, cost_price, retail_price, effective_from, created_at, updated_at)
     select i.id, s.id, x.cost, round(x.cost * 1.32, 2), x."from", x."from"::timestamptz, x."from"::timestamptz
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, subsidiary text, cost numeric, "from" date)
     join vendors v on v.code = x.vendor
     join items i on i.vendor_id = v.id and i.catalogue_code = x.code
     left join subsidiaries s on s.code = x.subsidiary
     where not exists (
       select 1 from pricings p where p.item_id = i.id and p.subsidiary_id is not distinct from s.id and p.effective_from = x."from"
     )
     order by i.id, x."from"`,
    pricings,
  );
}

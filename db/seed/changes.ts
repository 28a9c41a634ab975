import { ITEMS, barcode, catalogueCode } from './catalogue';
import { insertJson, type Queryable } from './sql';
import { VENDORS } from './vendors';

const STATUSES = ['pending', 'pending', 'approved', 'rejected'] as const;
const REJECTIONS = [
  'Barcode already registered to another item',
  'Description does not follow naming standard',
  'Price increase not agreed with buyer',
];

/** Most change requests belong to the demo suppliers so their screens have pending work. */
const vendorFor = (k: number) => VENDORS[k < 8 ? 0 : k < 12 ? 1 : k < 15 ? 2 : 3 + (k - 15) * 2];
const at = (k: number) => `2026-10-${String(1 + k).padStart(2, '0')} 09:${String(10 + k).padStart(2, '0')}+02`;

function itemChanges() {
  return Array.from({ length: 24 }, (_, k) => {
    const v = vendorFor(k);
    const itemNo = 1 + ((k * 7) % 20);
    const item = ITEMS.find((i) => i.code === catalogueCode(v.no, itemNo))!;
    const status = STATUSES[k % 4];
    const isNewItem = k % 6 === 5;
    const changeable = isNewItem
      ? {
          catalogueCode: catalogueCode(v.no, 100 + k),
          descr: `${item.descr} Value Pack`,
          barcode: barcode(v.no, 100 + k),
          unitOfMeasure: 'EA',
          packSize: 6,
        }
      : k % 3 === 0
        ? { catalogueCode: item.code, descr: `${item.descr} (new look)` }
        : k % 3 === 1
          ? { catalogueCode: item.code, packSize: 12 }
          : { catalogueCode: item.code, barcode: barcode(v.no, 500 + k) };
    return {
      vendor: v.code,
      code: isNewItem ? null : item.code,
      changeable,
      status,
      at: at(k),
      comments: status === 'rejected' ? REJECTIONS[k % REJECTIONS.length] : null,
    };
  });
}

function pricingChanges() {
  return Array.from({ length: 24 }, (_, k) => {
    const v = vendorFor(k);
    const item = ITEMS.find((i) => i.code === catalogueCode(v.no, 1 + ((k * 3) % 20)))!;
    const status = STATUSES[(k + 1) % 4];
    const costPrice = (Number(item.cost) * (1.04 + (k % 5) / 100)).toFixed(2);
    return {
      vendor: v.code,
      code: item.code,
      changeable: {
        catalogueCode: item.code,
        costPrice,
        previousCostPrice: item.cost,
        effectiveFrom: '2026-12-01',
        ...(k % 5 === 4 ? { subsidiaryCode: 'SUB02' } : {}),
      },
      status,
      at: at(k),
      comments: status === 'rejected' ? REJECTIONS[2] : null,
    };
  });
}

/**
 * Master-data records as the catalogue uploads (items.upload, pricing.upload: one per background
 * process) and vendor data edits (vendor.update, the whole vendordata before and after) write them.
 */
function masterdataChanges() {
  const events = ['items.upload', 'pricing.upload', 'vendor.update'] as const;
  return Array.from({ length: 12 }, (_, k) => {
    const v = VENDORS[k % 5];
    const status = k < 5 ? 'pending' : k < 9 ? 'approved' : 'rejected';
    const event = events[k % 3];
    const rows = uploadRows(k).length;
    const values =
      event === 'vendor.update'
        ? { old: v.vendordata, new: { ...v.vendordata, contactPhone: `+27 21 555 ${String(2000 + k)}` } }
        : { old: null, new: { rows: rows + 1, valid: rows, invalid: 1, file: `${event}-${v.code}-${k + 1}.xlsx` } };
    return {
      process_id: processId(k),
      event_type: event,
      status,
      reason: status === 'rejected' ? 'Upload contains items for another vendor' : null,
      vendor: v.code,
      old_values: values.old,
      new_values: values.new,
      at: at(k),
    };
  });
}

const processId = (k: number) => `MDP-2026-${1001 + k}`;
const minutesAfter = (k: number, n: number) => at(k).replace(/:(\d{2})\+02$/, (_, m: string) => `:${m}:${String(n).padStart(2, '0')}+02`);

/** The pending changes a pending upload's process made (seconds after its record), carrying its process_id. */
function uploadRows(k: number): number[] {
  return k < 5 && k % 3 !== 2 ? [2 + k, 9 + k] : [];
}

function uploadChanges(event: 'items.upload' | 'pricing.upload') {
  return Array.from({ length: 5 }, (_, k) => k)
    .filter((k) => (k % 3 === 0 ? 'items.upload' : k % 3 === 1 ? 'pricing.upload' : '') === event)
    .flatMap((k) => {
      const v = VENDORS[k % 5];
      return uploadRows(k).map((itemNo, n) => {
        const item = ITEMS.find((i) => i.code === catalogueCode(v.no, itemNo))!;
        const changeable =
          event === 'items.upload'
            ? { catalogueCode: item.code, descr: `${item.descr} (uploaded)`, unitOfMeasure: 'EA' }
            : {
                catalogueCode: item.code,
                costPrice: (Number(item.cost) * 1.05).toFixed(2),
                previousCostPrice: item.cost,
                effectiveFrom: '2027-01-01',
              };
        return { vendor: v.code, code: item.code, changeable, process_id: processId(k), at: minutesAfter(k, n + 1) };
      });
    });
}

// Changes have no natural key; a seeded one is identified by its vendor and fixed creation time.
export async function seedChanges(db: Queryable): Promise<void> {
  const decided = `case when x.status = 'pending' then null else (select id from users where email = 'staff@portal.test') end`;
  const requester = `(select min(uv.user_id) from user_vendors uv where uv.vendor_id = v.id)`;
  await insertJson(
    db,
    `insert into item_changes (item_id, vendor_id, changeable, status, requested_by, decided_by, decided_at, comments, created_at)
     select i.id, v.id, x.changeable, x.status, ${requester}, ${decided},
       case when x.status = 'pending' then null else x.at + interval '2 days' end, x.comments, x.at
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, changeable jsonb, status text, at timestamptz, comments text)
     join vendors v on v.code = x.vendor
     left join items i on i.vendor_id = v.id and i.catalogue_code = x.code
     where not exists (select 1 from item_changes c where c.vendor_id = v.id and c.created_at = x.at)
     order by x.at`,
    itemChanges(),
  );
  await insertJson(
    db,
    `insert into pricing_changes (pricing_id, item_id, vendor_id, changeable, status, requested_by, decided_by, decided_at, comments, created_at)
     select p.id, i.id, v.id, x.changeable, x.status, ${requester}, ${decided},
       case when x.status = 'pending' then null else x.at + interval '2 days' end, x.comments, x.at
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, changeable jsonb, status text, at timestamptz, comments text)
     join vendors v on v.code = x.vendor
     join items i on i.vendor_id = v.id and i.catalogue_code = x.code
     left join lateral (select id from pricings where item_id = i.id and subsidiary_id is null order by effective_from desc limit 1) p on true
     where not exists (select 1 from pricing_changes c where c.vendor_id = v.id and c.created_at = x.at)
     order by x.at`,
    pricingChanges(),
  );
  await insertJson(
    db,
    `insert into masterdata_changes (process_id, event_type, status, reason, vendor_id, old_values, new_values, requested_by, decided_by, decided_at, created_at)
     select x.process_id, x.event_type, x.status, x.reason, v.id, x.old_values, x.new_values, ${requester}, ${decided},
       case when x.status = 'pending' then null else x.at + interval '1 day' end, x.at
     from jsonb_to_recordset($1::jsonb) as x(process_id text, event_type text, status text, reason text, vendor text,
       old_values jsonb, new_values jsonb, at timestamptz)
     join vendors v on v.code = x.vendor
     order by x.at
     on conflict do nothing`,
    masterdataChanges(),
  );
  const uploaded = `(select requested_by from masterdata_changes m where m.process_id = x.process_id)`;
  await insertJson(
    db,
    `insert into item_changes (item_id, vendor_id, changeable, status, requested_by, process_id, created_at)
     select i.id, v.id, x.changeable, 'pending', ${uploaded}, x.process_id, x.at
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, changeable jsonb, process_id text, at timestamptz)
     join vendors v on v.code = x.vendor
     join items i on i.vendor_id = v.id and i.catalogue_code = x.code
     where not exists (select 1 from item_changes c where c.process_id = x.process_id and c.created_at = x.at)
     order by x.at`,
    uploadChanges('items.upload'),
  );
  await insertJson(
    db,
    `insert into pricing_changes (pricing_id, item_id, vendor_id, changeable, status, requested_by, process_id, created_at)
     select p.id, i.id, v.id, x.changeable, 'pending', ${uploaded}, x.process_id, x.at
     from jsonb_to_recordset($1::jsonb) as x(vendor text, code text, changeable jsonb, process_id text, at timestamptz)
     join vendors v on v.code = x.vendor
     join items i on i.vendor_id = v.id and i.catalogue_code = x.code
     left join lateral (select id from pricings where item_id = i.id and subsidiary_id is null order by effective_from desc limit 1) p on true
     where not exists (select 1 from pricing_changes c where c.process_id = x.process_id and c.created_at = x.at)
     order by x.at`,
    uploadChanges('pricing.upload'),
  );
}

import { ROLE_IDS } from '../../lib/auth/roles';
import { ROLE_LABELS } from '../../lib/vocabulary/roles';
import { GLN_SCHEME, subsidiaryGln } from './e-invoicing';
import { hashInt, insertJson, opaqueId, type Queryable } from './sql';

/** Role ids are fixed: the spec's rules (role 1/2 need subsidiaries, default role 4) and lib/auth depend on them; names are the vocabulary's. */
export const ROLES = [
  { id: ROLE_IDS.c_admin, code: 'c_admin', name: ROLE_LABELS.c_admin },
  { id: ROLE_IDS.c_user, code: 'c_user', name: ROLE_LABELS.c_user },
  { id: ROLE_IDS.m2_admin, code: 'm2_admin', name: ROLE_LABELS.m2_admin },
  { id: ROLE_IDS.v_user, code: 'v_user', name: ROLE_LABELS.v_user },
  { id: ROLE_IDS.v_admin, code: 'v_admin', name: ROLE_LABELS.v_admin },
  { id: ROLE_IDS.m2_user, code: 'm2_user', name: ROLE_LABELS.m2_user },
];

export const SUBSIDIARIES = [
  { code: 'SUB01', name: 'Protea Supermarkets', brand: 'Protea' },
  { code: 'SUB02', name: 'Baobab Value Stores', brand: 'Baobab' },
  { code: 'SUB03', name: 'Fynbos Home & Hardware', brand: 'Fynbos' },
];

export const REGIONS = [
  { code: 'GP', name: 'Gauteng', subsidiary: 'SUB01' },
  { code: 'WC', name: 'Western Cape', subsidiary: 'SUB01' },
  { code: 'KZN', name: 'KwaZulu-Natal', subsidiary: 'SUB02' },
  { code: 'EC', name: 'Eastern Cape', subsidiary: 'SUB02' },
  { code: 'FSNW', name: 'Free State & North West', subsidiary: 'SUB03' },
  { code: 'LPMP', name: 'Limpopo & Mpumalanga', subsidiary: 'SUB03' },
];

export const DIVISIONS = [
  { code: 'FOOD', name: 'Food' },
  { code: 'FRESH', name: 'Fresh Produce' },
  { code: 'GM', name: 'General Merchandise' },
  { code: 'HW', name: 'Hardware & DIY' },
];

/** Towns per region; stores are numbered in this order, so each subsidiary's stores are contiguous. */
const TOWNS: Record<string, string[]> = {
  GP: ['Sandton', 'Soweto', 'Pretoria Central', 'Centurion', 'Midrand', 'Benoni', 'Krugersdorp', 'Vereeniging'],
  WC: ['Cape Town CBD', 'Bellville', 'Stellenbosch', 'Paarl', 'George', 'Worcester', 'Mitchells Plain', 'Somerset West'],
  KZN: ['Durban North', 'Pietermaritzburg', 'Umhlanga', 'Richards Bay', 'Newcastle', 'Ladysmith', 'Port Shepstone'],
  EC: ['Gqeberha', 'East London', 'Mthatha', 'Makhanda', 'Komani', 'Jeffreys Bay', 'Kariega'],
  FSNW: ['Bloemfontein', 'Welkom', 'Rustenburg', 'Potchefstroom', 'Klerksdorp'],
  LPMP: ['Polokwane', 'Mbombela', 'Tzaneen', 'eMalahleni', 'Thohoyandou'],
};

/** Divisions a subsidiary's stores alternate between (a supermarket has food and fresh, a hardware chain HW and GM). */
const STORE_DIVISIONS: Record<string, [string, string]> = { SUB01: ['FOOD', 'FRESH'], SUB02: ['FOOD', 'GM'], SUB03: ['HW', 'GM'] };

export type StoreSeed = { code: string; name: string; subsidiary: string; region: string; division: string; addressCode: string };

export const STORES: StoreSeed[] = REGIONS.flatMap((region) => TOWNS[region.code].map((town) => ({ town, region }))).map(
  ({ town, region }, i) => {
    const code = `S${String(i + 1).padStart(3, '0')}`;
    const brand = SUBSIDIARIES.find((s) => s.code === region.subsidiary)!.brand;
    return {
      code,
      name: `${brand} ${town}`,
      subsidiary: region.subsidiary,
      region: region.code,
      division: STORE_DIVISIONS[region.subsidiary][i % 2],
      addressCode: `DA${code.slice(1)}`,
    };
  },
);

export async function seedReferenceData(db: Queryable): Promise<void> {
  await insertJson(
    db,
    `insert into roles (id, code, name)
     select id, code, name from jsonb_to_recordset($1::jsonb) as r(id int, code text, name text)
     on conflict do nothing`,
    ROLES,
  );
  // A subsidiary seeded before subsidiaries had e-invoicing data (migration 0018) gets it, and nothing else changes.
  await insertJson(
    db,
    `insert into subsidiaries (code, name, tiny_mce, vat_number, electronic_address, electronic_address_scheme, created_at)
     select code, name, tiny_mce, vat_number, electronic_address, '${GLN_SCHEME}', timestamptz '2025-01-01 08:00+02'
     from jsonb_to_recordset($1::jsonb) as s(code text, name text, tiny_mce text, vat_number text, electronic_address text)
     on conflict (code) do update
       set vat_number = excluded.vat_number, electronic_address = excluded.electronic_address,
           electronic_address_scheme = excluded.electronic_address_scheme
       where subsidiaries.electronic_address is null`,
    SUBSIDIARIES.map((s, i) => ({
      ...s,
      tiny_mce: `cust-${opaqueId(`subsidiary:${s.code}`, 8)}`,
      vat_number: `4${String(100000000 + (hashInt(`vat:${s.code}`) % 899999999)).padStart(9, '0')}`,
      electronic_address: subsidiaryGln(i + 1),
    })),
  );
  await insertJson(
    db,
    `insert into regions (code, name, subsidiary_id)
     select r.code, r.name, s.id from jsonb_to_recordset($1::jsonb) as r(code text, name text, subsidiary text)
     join subsidiaries s on s.code = r.subsidiary
     on conflict do nothing`,
    REGIONS,
  );
  await insertJson(
    db,
    `insert into divisions (code, name) select code, name from jsonb_to_recordset($1::jsonb) as d(code text, name text)
     on conflict do nothing`,
    DIVISIONS,
  );
  await insertJson(
    db,
    `insert into stores (code, name, subsidiary_id, region_id, division_id, address_code)
     select st.code, st.name, s.id, r.id, d.id, st."addressCode"
     from jsonb_to_recordset($1::jsonb) as st(code text, name text, subsidiary text, region text, division text, "addressCode" text)
     join subsidiaries s on s.code = st.subsidiary
     join regions r on r.code = st.region
     join divisions d on d.code = st.division
     order by st.code
     on conflict do nothing`,
    STORES,
  );
}

import type { VendorData } from '../schema';
import { GLN_SCHEME, vendorGln } from './e-invoicing';
import { hashInt, insertJson, opaqueId, type Queryable } from './sql';

export type Category =
  | 'dairy'
  | 'produce'
  | 'meat'
  | 'pantry'
  | 'bakery'
  | 'beverages'
  | 'cleaning'
  | 'snacks'
  | 'wine'
  | 'hardware'
  | 'personal'
  | 'household'
  | 'frozen'
  | 'seafood';

type VendorSeed = { name: string; brand: string; category: Category; contact: string; town: string };

/** V0001–V0003 are the demo suppliers; the rest give history, reports and vendor linking some breadth. */
const VENDOR_LIST: VendorSeed[] = [
  { name: 'Highveld Dairy Co-operative', brand: 'Highveld', category: 'dairy', contact: 'Johan van Wyk', town: 'Bethal' },
  { name: 'Cape Orchards Fresh Produce', brand: 'Cape Orchards', category: 'produce', contact: 'Marelize du Toit', town: 'Ceres' },
  { name: 'Karoo Meat Packers', brand: 'Karoo', category: 'meat', contact: 'Willem Steyn', town: 'Graaff-Reinet' },
  { name: 'Durban Spice Traders', brand: 'Durban Spice', category: 'pantry', contact: 'Priya Naidoo', town: 'Durban' },
  { name: 'Boland Bakeries', brand: 'Boland', category: 'bakery', contact: 'Annelie Visser', town: 'Wellington' },
  { name: 'Umgeni Beverages', brand: 'Umgeni', category: 'beverages', contact: 'Sibusiso Ngcobo', town: 'Pinetown' },
  { name: 'Jacaranda Cleaning Products', brand: 'Jacaranda', category: 'cleaning', contact: 'Lindiwe Mahlangu', town: 'Pretoria' },
  { name: 'Mzansi Snacks', brand: 'Mzansi', category: 'snacks', contact: 'Kagiso Molefe', town: 'Germiston' },
  { name: 'Table Mountain Wines', brand: 'Table Mountain', category: 'wine', contact: 'Francois Joubert', town: 'Franschhoek' },
  { name: 'Limpopo Citrus Growers', brand: 'Limpopo', category: 'produce', contact: 'Tshilidzi Mudau', town: 'Letsitele' },
  { name: 'Drakensberg Water Company', brand: 'Drakensberg', category: 'beverages', contact: 'Ayanda Zulu', town: 'Bergville' },
  { name: 'Kalahari Salt Works', brand: 'Kalahari', category: 'pantry', contact: 'Hendrik Louw', town: 'Upington' },
  { name: 'Eastern Cape Poultry', brand: 'EC Poultry', category: 'meat', contact: 'Nomvula Dyantyi', town: 'Kariega' },
  { name: 'Soweto Maize Millers', brand: 'Soweto Gold', category: 'pantry', contact: 'Themba Khumalo', town: 'Soweto' },
  { name: 'Garden Route Seafood', brand: 'Garden Route', category: 'seafood', contact: 'Craig Peterson', town: 'Mossel Bay' },
  { name: 'Free State Grain & Cereals', brand: 'Free State', category: 'pantry', contact: 'Pieter Fourie', town: 'Bethlehem' },
  { name: 'Natal Sugar Refiners', brand: 'Natal', category: 'pantry', contact: 'Rajesh Pillay', town: 'Tongaat' },
  { name: 'Waterberg Hardware Supplies', brand: 'Waterberg', category: 'hardware', contact: 'Gerrit Kruger', town: 'Modimolle' },
  { name: 'Steelpoort Tools & Fasteners', brand: 'Steelpoort', category: 'hardware', contact: 'Mpho Sekgala', town: 'Burgersfort' },
  { name: 'Lowveld Paints', brand: 'Lowveld', category: 'household', contact: 'Elize Coetzee', town: 'Mbombela' },
  { name: 'Overberg Personal Care', brand: 'Overberg', category: 'personal', contact: 'Zanele Mthethwa', town: 'Caledon' },
  { name: 'Pretoria Paper Products', brand: 'Pretoria Paper', category: 'household', contact: 'Bongani Sithole', town: 'Rosslyn' },
  { name: 'Vaal Plastics & Packaging', brand: 'Vaal', category: 'cleaning', contact: 'Andile Mokoena', town: 'Vanderbijlpark' },
  { name: 'Coastal Frozen Foods', brand: 'Coastal', category: 'frozen', contact: 'Shireen Adams', town: 'Atlantis' },
  { name: 'Rooibos Tea Estates', brand: 'Rooibos Estates', category: 'beverages', contact: 'Jacques le Roux', town: 'Clanwilliam' },
];

const BANKS = [
  { name: 'First National Bank', branchCode: '250655' },
  { name: 'Standard Bank', branchCode: '051001' },
  { name: 'Absa', branchCode: '632005' },
  { name: 'Nedbank', branchCode: '198765' },
  { name: 'Capitec Business', branchCode: '450105' },
];

export type Vendor = VendorSeed & {
  code: string;
  no: number;
  tinyMce: string;
  vendordata: VendorData;
  electronicAddress: string;
  paymentTermsDays: number;
};

/** Payment terms the demo vendors have agreed with the retailer, in days after the invoice date. */
const PAYMENT_TERMS = [30, 45, 60];

function vendorData(v: VendorSeed, code: string, no: number): VendorData {
  const h = hashInt(`vendordata:${code}`);
  const slug = v.brand.toLowerCase().replace(/[^a-z]+/g, '-');
  const bank = BANKS[h % BANKS.length];
  return {
    registrationNumber: `${1995 + (h % 28)}/${String(100000 + (h % 900000)).padStart(6, '0')}/07`,
    vatNumber: `4${String(100000000 + (h % 899999999)).padStart(9, '0')}`,
    contactName: v.contact,
    contactEmail: `orders@${slug}.test`,
    contactPhone: `+27 ${10 + (no % 80)} 555 ${String(1000 + no).slice(-4)}`,
    address: `${10 + (h % 190)} Industria Road, ${v.town}`,
    bank: { name: bank.name, account: String(1000000000 + (h % 8999999999)), branchCode: bank.branchCode },
    bbbeeLevel: 1 + (h % 8),
    bbbeeExpiry: `2027-0${1 + (h % 9)}-28`,
  };
}

export const VENDORS: Vendor[] = VENDOR_LIST.map((v, i) => {
  const no = i + 1;
  const code = `V${String(no).padStart(4, '0')}`;
  return {
    ...v,
    code,
    no,
    tinyMce: `vend-${opaqueId(`vendor:${code}`, 8)}`,
    vendordata: vendorData(v, code, no),
    electronicAddress: vendorGln(no),
    paymentTermsDays: no === 1 ? 30 : PAYMENT_TERMS[hashInt(`terms:${code}`) % PAYMENT_TERMS.length],
  };
});

/**
 * Inserts the vendors; on a database seeded before vendors had e-invoicing data (migration 0018), an existing
 * vendor without an electronic address gets the demo address and terms, and nothing else of it changes.
 */
export async function seedVendors(db: Queryable): Promise<void> {
  await insertJson(
    db,
    `insert into vendors (code, name, tiny_mce, vendordata, electronic_address, electronic_address_scheme, payment_terms_days,
       created_at, updated_at)
     select code, name, "tinyMce", vendordata, "electronicAddress", '${GLN_SCHEME}', "paymentTermsDays",
       timestamptz '2025-01-01 08:00+02', timestamptz '2025-01-01 08:00+02'
     from jsonb_to_recordset($1::jsonb)
       as v(code text, name text, "tinyMce" text, vendordata jsonb, "electronicAddress" text, "paymentTermsDays" int)
     order by code
     on conflict (code) do update
       set electronic_address = excluded.electronic_address, electronic_address_scheme = excluded.electronic_address_scheme,
           payment_terms_days = excluded.payment_terms_days
       where vendors.electronic_address is null`,
    VENDORS.map(({ code, name, tinyMce, vendordata, electronicAddress, paymentTermsDays }) => ({
      code,
      name,
      tinyMce,
      vendordata,
      electronicAddress,
      paymentTermsDays,
    })),
  );
}

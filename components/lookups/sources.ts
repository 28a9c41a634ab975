import { lookupLabel } from '@/lib/domain/lookups/label';
import type { Option } from '@/components/lists/filter-panel';

/** A look-up row as the §7 look-up endpoints answer it. */
interface LookupRow {
  id: number;
  code: string;
  name: string;
  tinyMce?: string;
}

/** Where a look-up box asks (docs/api.md, look-ups), and which of a row's keys its value is. */
export interface LookupSource {
  path: string;
  /** The answer's rows: GET /subsidiary wraps them ({subsidiaries, selected_subsidiary}). */
  rows: (body: unknown) => LookupRow[];
  value: (row: LookupRow) => string;
  /** Rows asked for when the box opens empty: 100 for subsidiaries (§9), else the type-ahead 20. */
  initialLimit: number;
}

/** Type-ahead answers are 20 rows (§9). */
export const LOOKUP_LIMIT = 20;

const plain = (body: unknown) => (Array.isArray(body) ? (body as LookupRow[]) : []);
const wrapped = (body: unknown) => (body as { subsidiaries?: LookupRow[] } | null)?.subsidiaries ?? [];
const byId = (row: LookupRow) => String(row.id);

export const LOOKUP_SOURCES = {
  store: { path: '/stores', rows: plain, value: byId, initialLimit: LOOKUP_LIMIT },
  region: { path: '/regions', rows: plain, value: byId, initialLimit: LOOKUP_LIMIT },
  vendor: { path: '/vendors', rows: plain, value: byId, initialLimit: LOOKUP_LIMIT },
  /** The history's selected vendors are added by code (GET /history/addVendor?code=). */
  vendorCode: { path: '/vendors', rows: plain, value: (row) => row.code, initialLimit: LOOKUP_LIMIT },
  subsidiary: { path: '/subsidiary', rows: wrapped, value: byId, initialLimit: 100 },
  /** The inbox and history "Customer" filter: a subsidiary by its tinyMce (custaccountTinyMce). */
  customer: { path: '/subsidiary', rows: wrapped, value: (row) => row.tinyMce ?? '', initialLimit: 100 },
} satisfies Record<string, LookupSource>;

export type LookupKind = keyof typeof LOOKUP_SOURCES;

/** A row as a look-up suggestion: its value, and its code and name as the label. */
export function toLookupOption(source: LookupSource, row: LookupRow): Option {
  return { value: source.value(row), label: lookupLabel(row) };
}

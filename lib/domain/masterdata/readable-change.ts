import { formatDateDashes } from '../../format/dates';
import { BANK_FIELD_LABELS, BANK_HIDDEN_TEXT, CATALOGUE_FIELD_LABELS, CERTIFICATE_LABEL, VENDOR_FIELD_LABELS } from './vocabulary';

/** A stored file an approver can open (GET /files/{id}/download). */
export type FileRef = { id: number; name: string };

/**
 * One line of a change as an approver reads it: the field's name in words, its value before and after
 * as text (null: none), whether it changes, and for the certificate the files themselves.
 */
export type ReadableField = {
  key: string;
  label: string;
  current: string | null;
  proposed: string | null;
  changed: boolean;
  currentFile?: FileRef | null;
  proposedFile?: FileRef | null;
};

type Values = Record<string, unknown> | null | undefined;

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Dates stored as yyyy-mm-dd (a certificate's expiry, a price's dates), shown DD-MM-YYYY as every date a reader meets. */
const DATE_KEYS = new Set(['bbbeeExpiry', 'effectiveFrom', 'effectiveTo']);
const shownDate = (value: unknown) => (typeof value === 'string' && formatDateDashes(value)) || value;

const field = (key: string, label: string, current: unknown, proposed: unknown): ReadableField => {
  const dated = DATE_KEYS.has(key);
  const [before, after] = [asText(dated ? shownDate(current) : current), asText(dated ? shownDate(proposed) : proposed)];
  return { key, label, current: before, proposed: after, changed: before !== after };
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A key nobody named yet, in words rather than camelCase ('someNewField' → 'Some new field'). */
const spelled = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ [A-Z]/g, (c) => c.toLowerCase());

/**
 * Bank details beside each other part by part (Bank, Account number, Branch code). A reader without the
 * right to see them gets `bank: 'hidden'` from the query (issue 29), shown as one line saying so.
 */
function bankFields(before: unknown, after: unknown): ReadableField[] {
  if (before === undefined && after === undefined) return [];
  if (typeof before === 'string' || typeof after === 'string') {
    return [{ key: 'bank', label: 'Bank details', current: BANK_HIDDEN_TEXT, proposed: BANK_HIDDEN_TEXT, changed: false }];
  }
  const [from, to] = [asRecord(before) ?? {}, asRecord(after) ?? {}];
  return Object.entries(BANK_FIELD_LABELS).map(([part, label]) => field(`bank.${part}`, label, from[part], to[part]));
}

/**
 * A vendor-data change (a `vendor.update` record's old and new vendordata) as labelled lines, old beside
 * new: the named fields in the form's order, the bank details part by part, anything else by its key
 * spelled out, and the B-BBEE certificate as the files before and after.
 */
export function readableVendorChange(
  oldValues: Values,
  newValues: Values,
  certificates: { current: FileRef | null; proposed: FileRef | null },
): ReadableField[] {
  const [before, after] = [oldValues ?? {}, newValues ?? {}];
  const named = Object.entries(VENDOR_FIELD_LABELS).map(([key, label]) => field(key, label, before[key], after[key]));
  const known = new Set<string>([...Object.keys(VENDOR_FIELD_LABELS), 'bank', 'bbbeeFileId']);
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => !known.has(key))
    .map((key) => field(key, spelled(key), before[key], after[key]));
  const lines = [...named, ...bankFields(before.bank, after.bank), ...others].filter(
    (line) => line.current !== null || line.proposed !== null,
  );
  const { current, proposed } = certificates;
  if (!current && !proposed) return lines;
  const shown = proposed ?? current;
  return [
    ...lines,
    {
      key: 'bbbeeFileId',
      label: CERTIFICATE_LABEL,
      current: current?.name ?? null,
      proposed: shown?.name ?? null,
      changed: Boolean(proposed && proposed.id !== current?.id),
      currentFile: current,
      proposedFile: shown,
    },
  ];
}

/**
 * A catalogue change an upload made (item_changes / pricing_changes `changeable`) beside the item or price
 * it changes. A pricing change keeps the price it replaces as `previousCostPrice` (the upload reads it
 * before the price changes), which is the old price even once the change is applied.
 */
export function readableCatalogueChange(changeable: Record<string, unknown>, current: Values): ReadableField[] {
  const before: Record<string, unknown> = {
    ...(current ?? {}),
    ...('previousCostPrice' in changeable ? { costPrice: changeable.previousCostPrice } : {}),
  };
  return Object.keys(changeable)
    .filter((key) => key !== 'previousCostPrice')
    .map((key) => field(key, CATALOGUE_FIELD_LABELS[key] ?? spelled(key), before[key], changeable[key]));
}

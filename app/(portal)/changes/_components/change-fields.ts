import type { ComparedField } from '@/components/changes/values-side-by-side';
import type { ChangeRow } from '@/lib/domain/changes/queries';
import type { ChangeKind } from '@/lib/domain/changes/schemas';
import { catalogueColumnLabel } from '@/lib/domain/masterdata/vocabulary';
import { formatDateDashes } from '@/lib/format/dates';

export type { ChangeRow, ChangeKind };

/** The fields each kind of change shows, in this order, named by the vocabulary (catalogueColumnLabel). */
const FIELDS: Record<ChangeKind, string[]> = {
  item: ['catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize', 'active'],
  pricing: ['catalogueCode', 'costPrice', 'retailPrice', 'effectiveFrom', 'subsidiaryCode'],
};

/** A price's start date is stored yyyy-mm-dd and read DD-MM-YYYY, as every date a reader meets. */
const DATE_FIELDS = new Set(['effectiveFrom']);
const shown = (key: string, value: unknown) =>
  DATE_FIELDS.has(key) && typeof value === 'string' ? formatDateDashes(value) || value : value;

/** Fields whose move is shown as a percentage. */
export const PRICE_FIELDS = ['costPrice', 'retailPrice'];

/** The rows of the side-by-side view: every field of the kind the change or the current values carry. */
export function comparedFields(change: ChangeRow): ComparedField[] {
  const current = change.current ?? {};
  return FIELDS[change.kind]
    .filter((key) => key in change.changeable || key in current)
    .map((key) => ({
      key,
      label: catalogueColumnLabel(key),
      current: change.current ? shown(key, current[key]) : null,
      proposed: shown(key, change.changeable[key]),
      unchanged: !(key in change.changeable),
    }));
}

/** The list's short description of what a change proposes: the labels of its changed fields, or 'New item'. */
export function changeSummary(change: ChangeRow): string {
  if (!change.current) return change.kind === 'item' ? 'New item' : 'New price';
  const changed = comparedFields(change).filter((f) => !f.unchanged && String(f.current ?? '') !== String(f.proposed ?? ''));
  return changed.length ? changed.map((f) => f.label).join(', ') : 'No difference';
}

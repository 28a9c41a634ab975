import type { ComparedField } from '@/components/changes/values-side-by-side';
import type { ChangeRow } from '@/lib/domain/changes/queries';
import type { ChangeKind } from '@/lib/domain/changes/schemas';

export type { ChangeRow, ChangeKind };

const FIELDS: Record<ChangeKind, [string, string][]> = {
  item: [
    ['catalogueCode', 'Catalogue code'],
    ['descr', 'Description'],
    ['barcode', 'Barcode'],
    ['unitOfMeasure', 'Unit of measure'],
    ['packSize', 'Pack size'],
    ['active', 'Active'],
  ],
  pricing: [
    ['catalogueCode', 'Catalogue code'],
    ['costPrice', 'Cost price'],
    ['retailPrice', 'Retail price'],
    ['effectiveFrom', 'Effective from'],
    ['subsidiaryCode', 'Subsidiary'],
  ],
};

/** Fields whose move is shown as a percentage. */
export const PRICE_FIELDS = ['costPrice', 'retailPrice'];

/** The rows of the side-by-side view: every field of the kind the change or the current values carry. */
export function comparedFields(change: ChangeRow): ComparedField[] {
  const current = change.current ?? {};
  return FIELDS[change.kind]
    .filter(([key]) => key in change.changeable || key in current)
    .map(([key, label]) => ({
      key,
      label,
      current: change.current ? current[key] : null,
      proposed: change.changeable[key],
      unchanged: !(key in change.changeable),
    }));
}

/** The list's short description of what a change proposes: the labels of its changed fields, or 'New item'. */
export function changeSummary(change: ChangeRow): string {
  if (!change.current) return change.kind === 'item' ? 'New item' : 'New price';
  const changed = comparedFields(change).filter((f) => !f.unchanged && String(f.current ?? '') !== String(f.proposed ?? ''));
  return changed.length ? changed.map((f) => f.label).join(', ') : 'No difference';
}

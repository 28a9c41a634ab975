'use client';

import { Modal } from '@/components/ui/modal';
import { changeStatusLabel } from '@/lib/vocabulary';
import type { ItemRow } from './catalogue-types';

/** The item view window (spec §2 item management): every field of one item. */
export function ItemViewModal({ item, onClose }: { item: ItemRow | null; onClose: () => void }) {
  const facts: [string, string | number][] = item
    ? [
        ['Item code', item.catalogueCode],
        ['Description', item.descr],
        ['Vendor', `${item.vendorCode} ${item.vendorName}`],
        ['Barcode', item.barcode ?? '—'],
        ['Unit of measure', item.unitOfMeasure],
        ['Pack size', item.packSize],
        ['State', item.active ? 'Active' : 'Inactive'],
        ['Status', changeStatusLabel(item.status)],
      ]
    : [];
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={item ? `Item ${item.catalogueCode}` : 'Item'}
    >
      <dl className="doc-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="doc-facts__item">
            <dt className="muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

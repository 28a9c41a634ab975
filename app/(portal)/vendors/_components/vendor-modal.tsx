'use client';

import { useId, useState } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/modal';
import { api } from '@/lib/client/api';
import type { VendorData } from '@/db/schema/vendors';
import { VENDOR_FIELD_LABELS } from '@/lib/domain/masterdata/vocabulary';
import type { listManagedVendors } from '@/lib/domain/vendors/queries';

/** GET /vendors/user's answer and one of its vendors, as the domain function types them (no dates as Date). */
export type ManagedVendorsAnswer = Awaited<ReturnType<typeof listManagedVendors>>;
export type ManagedVendor = ManagedVendorsAnswer['vendors']['data'][number];

const TEXT_FIELDS = (['registrationNumber', 'vatNumber', 'contactName', 'contactEmail', 'contactPhone', 'address'] as const).map(
  (key) => [key, VENDOR_FIELD_LABELS[key]] as const,
);

export const SUBMITTED = 'Submitted successfully';
export const SUBMIT_FAILED = 'Oops! failed to submit contact support';

/** The vendor's data and a B-BBEE certificate file, sent as POST /vendors/update (multipart) for approval. */
export function VendorModal({ vendor, onClose, onDone }: { vendor: ManagedVendor; onClose: () => void; onDone: (ok: boolean) => void }) {
  const expiryId = useId();
  const [data, setData] = useState<VendorData>(vendor.vendordata);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const form = new FormData();
    const { bank, ...rest } = data;
    const vendordata = Object.fromEntries(Object.entries({ ...rest, bank }).filter(([, v]) => v !== undefined && v !== ''));
    form.set('vendor', JSON.stringify({ id: vendor.id, vendordata }));
    if (file) form.set('bbbee_file', file);
    try {
      await api.post('/vendors/update', form);
      onDone(true);
    } catch {
      onDone(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ${vendor.code} ${vendor.name}`}
      description="Changes are applied once approved."
      onSubmit={() => void submit()}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Submit
          </button>
        </>
      }
    >
      <div className="form-stack">
        {TEXT_FIELDS.map(([key, label]) => (
          <label key={key} className="field">
            <span className="field__label">{label}</span>
            <input value={String(data[key] ?? '')} onChange={(e) => setData({ ...data, [key]: e.target.value })} />
          </label>
        ))}
        <label className="field">
          <span className="field__label">{VENDOR_FIELD_LABELS.bbbeeLevel}</span>
          <select
            value={data.bbbeeLevel ?? ''}
            onChange={(e) => setData({ ...data, bbbeeLevel: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">None</option>
            {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
              <option key={n} value={n}>
                Level {n}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <label className="field__label" htmlFor={expiryId}>
            {VENDOR_FIELD_LABELS.bbbeeExpiry}
          </label>
          <DatePicker id={expiryId} value={data.bbbeeExpiry ?? ''} onChange={(v) => setData({ ...data, bbbeeExpiry: v || undefined })} />
        </div>
        <label className="field">
          <span className="field__label">B-BBEE certificate (PDF or image, at most 5 MB)</span>
          <input type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
      </div>
    </Modal>
  );
}

'use client';

import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { api } from '@/lib/client/api';
import type { XdocListRow } from '@/lib/domain/documents/summary';
import { formatDateDashes, formatMoney } from '@/lib/format';
import { documentStatusLabel } from '@/lib/vocabulary';
import { typeLabel } from './history-url';
import { signedAmount } from '@/lib/domain/documents/signed-amount';

/** Every document of an order (GET /xdocs?orderno=): order, delivery notes, goods receipts, invoices, credit notes, remittances, disputes. */
export function RelatedDocumentsModal({
  orderno,
  onOpen,
  onClose,
}: {
  orderno: string;
  onOpen: (tinyMce: string) => void;
  onClose: () => void;
}) {
  const [docs, setDocs] = useState<XdocListRow[] | null>(null);
  useEffect(() => {
    api
      .get<{ xdocs: XdocListRow[] }>('/xdocs', { orderno })
      .then((body) => setDocs(body.xdocs))
      .catch(() => setDocs([]));
  }, [orderno]);
  return (
    <Modal open size="lg" title={`Related documents of order ${orderno}`} onOpenChange={(open) => (open ? undefined : onClose())}>
      {docs === null ? (
        <p className="muted">Loading…</p>
      ) : docs.length === 0 ? (
        <p className="muted">No documents found for this order.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label="Related documents">
            <thead>
              <tr>
                <th>Document</th>
                <th>Type</th>
                <th>Date</th>
                <th>Status</th>
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {docs.map((doc) => (
                <tr key={doc.id}>
                  <td>
                    <button type="button" className="link-button" onClick={() => onOpen(doc.tinyMce)}>
                      {doc.docno}
                    </button>
                  </td>
                  <td>{typeLabel(doc)}</td>
                  <td>{formatDateDashes(doc.docDate)}</td>
                  <td>{documentStatusLabel(doc.wfStatusCode)}</td>
                  <td className="num">{formatMoney(signedAmount(doc, doc.xdocTotalIncl))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

import { eq } from 'drizzle-orm';
import { GET as documentRoute } from '@/app/api/xdocs/[id]/route';
import { db, pool } from '@/db/client';
import { xdocs } from '@/db/schema';
import { createDocument, createOrder, removeCreatedDocuments } from '../support/fixtures';
import { get, RETAIL_ADMIN, RETAIL_USER, STAFF, SUPPLIER } from './helpers';

/**
 * The document window offers only the history acts its reader may do now (issue 27): the same rules
 * the acts check (history.act, write on the subsidiary, the document's state), sent with the document.
 */
afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function offered(id: number, email: string): Promise<string[]> {
  const response = await get(documentRoute, `/api/xdocs/${id}`, email, { id: String(id) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { xdoc: { actions: string[] } }).xdoc.actions;
}

async function dismiss(id: number): Promise<void> {
  await db.update(xdocs).set({ invoicingClosedAt: new Date() }).where(eq(xdocs.id, id));
}

describe('the acts a document offers (GET /xdocs/{id} actions)', () => {
  it('offers a writing staff member mark outstanding and resend on an order, and undismiss only once invoicing was dismissed', async () => {
    const order = await createOrder({ vendorCode: 'V0001', wfStatusCode: 'confirmed', respondedAt: new Date() });
    expect(await offered(order.id, RETAIL_ADMIN)).toEqual(['outstanding', 'resend']);
    expect(await offered(order.id, STAFF)).toEqual(['outstanding', 'resend']);

    await dismiss(order.id);
    expect(await offered(order.id, RETAIL_ADMIN)).toEqual(['undismiss', 'outstanding', 'resend']);
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice', relatedXdocId: order.id, orderno: order.docno });
    expect(await offered(invoice.id, RETAIL_ADMIN)).toEqual(['undismiss']);
  });

  it('does not offer mark outstanding on an order already outstanding, nor anything on other kinds of document', async () => {
    const order = await createOrder({ vendorCode: 'V0001', wfStatusCode: 'outstanding' });
    expect(await offered(order.id, RETAIL_ADMIN)).toEqual(['resend']);
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice', relatedXdocId: order.id, orderno: order.docno });
    expect(await offered(invoice.id, RETAIL_ADMIN)).toEqual([]);
    const dispute = await createDocument({ vendorCode: 'V0001', type: 'dispute', relatedXdocId: order.id, orderno: order.docno });
    expect(await offered(dispute.id, RETAIL_ADMIN)).toEqual([]);
  });

  it('offers a read-only retail user and a supplier nothing, even on a dismissed order', async () => {
    const order = await createOrder({ vendorCode: 'V0001', wfStatusCode: 'confirmed', respondedAt: new Date() });
    await dismiss(order.id);
    expect(await offered(order.id, RETAIL_USER)).toEqual([]);
    expect(await offered(order.id, SUPPLIER)).toEqual([]);
  });
});

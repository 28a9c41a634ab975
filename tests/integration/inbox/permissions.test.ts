import { GET as deliveryNotesRoute } from '@/app/api/delivery-notes/route';
import { GET as disputesRoute } from '@/app/api/disputes/route';
import { PUT as bulkRoute } from '@/app/api/orders/bulkResponse/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as remittancesRoute } from '@/app/api/remittance-advices/route';
import { GET as auditRoute } from '@/app/api/xdocs/[id]/audit/route';
import { GET as pdfRoute } from '@/app/api/xdocs/[id]/pdf/route';
import { GET as xdocRoute, PUT as markReadRoute } from '@/app/api/xdocs/[id]/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments } from '../support/fixtures';
import { documentState } from '../support/inbox';

/*
 * Each demo role against each inbox endpoint (lib/auth/permissions.ts). The documents are of vendor
 * V0002 at store S001 (subsidiary SUB01), which every role below can see: supplier@ is linked to V0002
 * with write, retail.admin@ holds write on SUB01, retail.user@ read on SUB01, portal staff see all.
 * So a 403 below is the role table speaking, not the scope.
 */

const SUPPLIER_ADMIN = 'supplier@portal.test';
const SUPPLIER_USER = 'supplier.user@portal.test'; // V0001 only: used with a V0001 document
const RETAIL_ADMIN = 'retail.admin@portal.test';
const RETAIL_USER = 'retail.user@portal.test';
const PORTAL_ADMIN = 'admin@portal.test';
const PORTAL_STAFF = 'staff@portal.test';
const STAFF = [RETAIL_ADMIN, RETAIL_USER, PORTAL_ADMIN, PORTAL_STAFF];

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

const get = async (handler: Parameters<typeof callRoute>[0], url: string, email: string, params: Record<string, string> = {}) =>
  callRoute(handler, url, { headers: await sessionHeaders(email), params });

const LISTS: [string, Parameters<typeof callRoute>[0]][] = [
  ['/api/orders', ordersRoute],
  ['/api/orders/returned', returnedRoute],
  ['/api/delivery-notes', deliveryNotesRoute],
  ['/api/disputes', disputesRoute],
  ['/api/remittance-advices', remittancesRoute],
];

describe('the inbox lists are the supplier’s', () => {
  it.each(LISTS)('GET %s: 200 for supplier roles, 403 for staff', async (url, handler) => {
    for (const email of [SUPPLIER_ADMIN, SUPPLIER_USER]) expect((await get(handler, url, email)).status).toBe(200);
    for (const email of STAFF) {
      const response = await get(handler, url, email);
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe('You do not have permission to do this.');
    }
  });
});

describe('documents in scope can be opened by every role', () => {
  it('GET /xdocs/{id}, its audit trail and its PDF: 200 for suppliers and staff alike', async () => {
    const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    for (const email of [SUPPLIER_ADMIN, ...STAFF]) {
      const params = { id: order.tinyMce };
      expect((await get(xdocRoute, `/api/xdocs/${order.tinyMce}`, email, params)).status).toBe(200);
      expect((await get(auditRoute, `/api/xdocs/${order.tinyMce}/audit`, email, params)).status).toBe(200);
      expect((await get(pdfRoute, `/api/xdocs/${order.tinyMce}/pdf`, email, params)).status).toBe(200);
    }
  });
});

describe('answering orders is the supplier’s act', () => {
  const respond = async (tinyMce: string, email: string) =>
    callRoute(respondRoute, `/api/orders/${tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(email),
      params: { id: tinyMce },
      body: { orderResponse: { header: { response: 'confirmed' } } },
    });

  it.each(STAFF)('PUT /orders/{id} as %s: 403 with a message, the order untouched', async (email) => {
    const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    const response = await respond(order.tinyMce, email);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Only the supplier’s own users may respond to its orders.');
    const state = await documentState(order.id);
    expect(state.respondedAt).toBeNull();
    expect(state.wfStatusCode).toBe('received');
  });

  it.each(STAFF)('PUT /orders/bulkResponse as %s: 403, nothing answered', async (email) => {
    const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    const response = await callRoute(bulkRoute, '/api/orders/bulkResponse', {
      method: 'PUT',
      headers: await sessionHeaders(email),
      body: { orderResponse: { header: { response: 'confirmed' }, bulkResponse: { [order.tinyMce]: order.docno } } },
    });
    expect(response.status).toBe(403);
    expect((await documentState(order.id)).respondedAt).toBeNull();
  });

  it('a supplier administrator and a supplier user answer their own vendors’ orders', async () => {
    const forAdmin = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    expect((await respond(forAdmin.tinyMce, SUPPLIER_ADMIN)).status).toBe(200);
    expect((await documentState(forAdmin.id)).wfStatusCode).toBe('confirmed');
    const forUser = await createOrder({ vendorCode: 'V0001' });
    expect((await respond(forUser.tinyMce, SUPPLIER_USER)).status).toBe(200);
    expect((await documentState(forUser.id)).wfStatusCode).toBe('confirmed');
  });
});

describe('marking inbox documents as read is the supplier’s act', () => {
  const markRead = async (tinyMce: string, email: string) =>
    callRoute(markReadRoute, `/api/xdocs/${tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(email),
      params: { id: tinyMce },
      body: { confirm: true },
    });

  it.each(STAFF)('PUT /xdocs/{id} as %s: 403, still unread', async (email) => {
    const note = await createDocument({ vendorCode: 'V0002', type: 'deliverynote', storeCode: 'S001' });
    const response = await markRead(note.tinyMce, email);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Only the supplier’s own users may mark its documents as read.');
    expect((await documentState(note.id)).isRead).toBe(false);
  });

  it('the supplier marks it read', async () => {
    const note = await createDocument({ vendorCode: 'V0002', type: 'deliverynote', storeCode: 'S001' });
    expect((await markRead(note.tinyMce, SUPPLIER_ADMIN)).status).toBe(200);
    expect((await documentState(note.id)).isRead).toBe(true);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { GET as dismissRoute } from '@/app/api/orders/dismiss/[id]/route';
import { GET as uninvoicedRoute } from '@/app/api/orders/uninvoiced/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { POST as invoicesRoute } from '@/app/api/invoices/route';
import { db, pool } from '@/db/client';
import { auditEntries, invoicedLines, userActivities, userVendors, xdocLines, xdocs } from '@/db/schema';
import { todayInSouthAfrica, windowStart } from '@/lib/domain/invoicing/invoice-date';
import { BRANCH_REQUIRED, DELIVERY_NOTE_REQUIRED, RETURN_NOTE_REQUIRED } from '@/lib/domain/invoicing/schemas';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createOrder, removeCreatedDocuments, vendorByCode, type CreatedDocument, type FixtureLine } from '../support/fixtures';
import { invoicingSnapshot, postForm, removeRaisedDocuments } from '../support/invoicing';

const SUPPLIER = 'supplier@portal.test';
const SUPPLIER_USER = 'supplier.user@portal.test';
const OTHER = 'other.supplier@portal.test';
const RETAIL = 'retail.admin@portal.test';
const TODAY = todayInSouthAfrica();

const orders: CreatedDocument[] = [];
let numberSeq = 0;
/** An invoice number unique to this run: at most 15 characters, upper case. */
const invoiceNo = () => `T${Date.now().toString(36).toUpperCase().slice(-7)}${String(++numberSeq).padStart(3, '0')}`;

afterAll(async () => {
  await removeRaisedDocuments(orders.map((o) => o.id));
  await removeCreatedDocuments();
  await pool.end();
});

/** A confirmed purchase order of V0001, waiting to be invoiced: line 1 4 × R 10.00 at 15 %, line 2 2 × R 25.50 at 0 %. */
async function orderToInvoice(
  lines: FixtureLine[] = [
    { qty: '4', amount: '10.00' },
    { qty: '2', amount: '25.50', taxPercent: '0' },
  ],
  extra = {},
) {
  const order = await createOrder({ vendorCode: 'V0001', respondedAt: new Date(), wfStatusCode: 'confirmed', lines, ...extra });
  orders.push(order);
  return order;
}

function invoiceFields(order: CreatedDocument, overrides: Record<string, unknown> = {}, det?: unknown[]): Record<string, string> {
  const fields: Record<string, unknown> = {
    tinyMce: order.tinyMce,
    docno: order.docno,
    invoiceNumber: invoiceNo(),
    xdocInvoicedate: TODAY,
    deliverynoteNumber: 'DN-1',
    toFollow: '0',
    det: JSON.stringify(
      det ?? [
        { lineNumber: 1, qty: '4', amount: '10.00' },
        { lineNumber: 2, qty: '2', amount: '25.50' },
      ],
    ),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

const submit = (fields: Record<string, string>, email = SUPPLIER, options = {}) =>
  postForm(invoicesRoute, '/api/invoices', email, fields, options);

async function toInvoiceTotal(): Promise<number> {
  const response = await callRoute(uninvoicedRoute, '/api/orders/uninvoiced?results=1', { headers: await sessionHeaders(SUPPLIER) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { resultPager: { totalResults: number } }).resultPager.totalResults;
}

async function toCreditTotal(): Promise<number> {
  const response = await callRoute(returnedRoute, '/api/orders/returned?responded=true&results=1', {
    headers: await sessionHeaders(SUPPLIER),
  });
  return ((await response.json()) as { resultPager: { totalResults: number } }).resultPager.totalResults;
}

/** Submits, expects a refusal with this status and message, and that nothing about the order changed. */
async function expectRefused(
  order: CreatedDocument,
  fields: Record<string, string>,
  status: number,
  message: string | RegExp,
  email = SUPPLIER,
) {
  const before = await invoicingSnapshot(order.id);
  const response = await submit(fields, email);
  const body = (await response.json()) as { message: string };
  expect(response.status).toBe(status);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(await invoicingSnapshot(order.id)).toEqual(before);
  return body;
}

describe('POST /invoices', () => {
  it('creates the invoice with its lines and totals computed on the server, and closes the order when none are to follow', async () => {
    const order = await orderToInvoice();
    const before = await toInvoiceTotal();
    const fields = invoiceFields(order, { xdocTotalIncl: '1.00', xdocTotalExcl: '1.00' });
    const response = await submit(fields);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: 'Invoice successfully submitted',
      docno: fields.invoiceNumber,
      invoiceNumber: fields.invoiceNumber,
      xdocSubTypeCode: 'normal',
      xdocTotalExcl: '91.00',
      xdocTaxAmount: '6.00',
      xdocTotalIncl: '97.00',
      order: { tinyMce: order.tinyMce, responded: true },
    });
    const [invoice] = await db.select().from(xdocs).where(eq(xdocs.tinyMce, body.tinyMce));
    expect(invoice).toMatchObject({
      xdocTypeCode: 'invoice',
      relatedXdocId: order.id,
      orderno: order.docno,
      deliverynoteNumber: 'DN-1',
      vendorId: order.vendorId,
    });
    const lines = await db.select().from(xdocLines).where(eq(xdocLines.xdocId, invoice.id)).orderBy(asc(xdocLines.lineNumber));
    expect(lines.map((l) => [l.qty, l.amount, l.taxAmount])).toEqual([
      ['4.00', '10.00', '6.00'],
      ['2.00', '25.50', '0.00'],
    ]);
    expect(await db.select().from(invoicedLines).where(eq(invoicedLines.orderXdocId, order.id))).toHaveLength(2);
    const orderAudit = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, order.id));
    const invoiceAudit = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, invoice.id));
    expect(orderAudit.map((a) => a.action)).toContain('invoiced');
    expect(invoiceAudit.map((a) => a.action)).toEqual(['created']);
    const activity = await db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, await userId(SUPPLIER)), eq(userActivities.activity, 'submit-invoice')));
    expect(activity.some((a) => (a.detail as { invoiceNumber?: string }).invoiceNumber === fields.invoiceNumber)).toBe(true);
    expect((await invoicingSnapshot(order.id)).invoicingClosedAt).not.toBeNull();
    expect(await toInvoiceTotal()).toBe(before - 1);
  });

  it('keeps the order open when invoices are to follow, and closes it with the last one', async () => {
    const order = await orderToInvoice();
    const before = await toInvoiceTotal();
    const first = await submit(invoiceFields(order, { toFollow: '1' }, [{ lineNumber: 1, qty: '1' }]));
    expect(first.status).toBe(201);
    expect((await first.json()).order.responded).toBe(false);
    expect(await invoicingSnapshot(order.id)).toMatchObject({ invoicingClosedAt: null, toFollow: 1 });
    expect(await toInvoiceTotal()).toBe(before);
    // Three of line 1 remain: four is over-invoicing, and nothing is written.
    await expectRefused(
      order,
      invoiceFields(order, {}, [{ lineNumber: 1, qty: '4' }]),
      422,
      'Line 1 cannot be invoiced beyond what was ordered: 3.00 of 4.00 remain.',
    );
    const last = await submit(invoiceFields(order, { toFollow: '0' }, [{ lineNumber: 1, qty: '3' }]));
    expect(last.status).toBe(201);
    expect((await last.json()).order.responded).toBe(true);
    expect(await toInvoiceTotal()).toBe(before - 1);
  });

  it('gives a line already invoiced in full quantity 0', async () => {
    const order = await orderToInvoice();
    expect((await submit(invoiceFields(order, { toFollow: '1' }, [{ lineNumber: 1, qty: '4' }]))).status).toBe(201);
    await expectRefused(
      order,
      invoiceFields(order, {}, [{ lineNumber: 1, qty: '1' }]),
      422,
      'Line 1 is already fully invoiced: its quantity must be 0.',
    );
    expect(
      (
        await submit(
          invoiceFields(order, {}, [
            { lineNumber: 1, qty: '0' },
            { lineNumber: 2, qty: '2' },
          ]),
        )
      ).status,
    ).toBe(201);
  });

  describe('refuses bad input with its message and writes nothing', () => {
    let order: CreatedDocument;
    beforeAll(async () => {
      order = await orderToInvoice();
    });

    it('an invoice date outside the 45-day window', async () => {
      const tomorrow = new Date(`${TODAY}T00:00:00Z`);
      tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
      const message = `The date must be between ${windowStart(TODAY)} and ${TODAY}.`;
      await expectRefused(order, invoiceFields(order, { xdocInvoicedate: tomorrow.toISOString().slice(0, 10) }), 422, message);
      const tooOld = new Date(`${windowStart(TODAY)}T00:00:00Z`);
      tooOld.setUTCDate(tooOld.getUTCDate() - 1);
      await expectRefused(order, invoiceFields(order, { xdocInvoicedate: tooOld.toISOString().slice(0, 10) }), 422, message);
    });

    it('a lower-case, a 16-character and a missing invoice number', async () => {
      await expectRefused(
        order,
        invoiceFields(order, { invoiceNumber: 'inv-lower' }),
        422,
        'The invoice number must be in capital letters.',
      );
      await expectRefused(
        order,
        invoiceFields(order, { invoiceNumber: 'A'.repeat(16) }),
        422,
        'The invoice number may be at most 15 characters.',
      );
      await expectRefused(order, invoiceFields(order, { invoiceNumber: '' }), 422, 'Please capture an invoice number.');
    });

    it('an invoice number the vendor already used, naming it', async () => {
      const other = await orderToInvoice();
      const number = invoiceNo();
      expect((await submit(invoiceFields(other, { invoiceNumber: number }))).status).toBe(201);
      await expectRefused(
        order,
        invoiceFields(order, { invoiceNumber: number }),
        422,
        `Invoice number ${number} has already been used for vendor V0001.`,
      );
    });

    it('no delivery note number, typed or selected', async () => {
      await expectRefused(order, invoiceFields(order, { deliverynoteNumber: undefined }), 422, DELIVERY_NOTE_REQUIRED);
      await expectRefused(
        order,
        invoiceFields(order, { deliverynoteNumber: undefined, selectDeliverynoteNumber: 'NOT-OURS' }),
        422,
        /is not a delivery note of order/,
      );
    });

    it('an amount above the original by more than 0.05, a tax percent of 101, three decimals', async () => {
      await expectRefused(
        order,
        invoiceFields(order, {}, [{ lineNumber: 1, qty: '1', amount: '10.06' }]),
        422,
        'Amount cannot exceed original order amount of 10.00',
      );
      await expectRefused(
        order,
        invoiceFields(order, {}, [{ lineNumber: 1, qty: '1', taxPercent: '101' }]),
        422,
        'The tax percent must be between 0 and 100.',
      );
      await expectRefused(
        order,
        invoiceFields(order, {}, [{ lineNumber: 1, qty: '1.005' }]),
        422,
        'The quantity must be a number with at most two decimals.',
      );
    });

    it('over-invoicing a line, a line not on the order, and nothing to invoice', async () => {
      await expectRefused(
        order,
        invoiceFields(order, {}, [{ lineNumber: 1, qty: '4.01' }]),
        422,
        /Line 1 cannot be invoiced beyond what was ordered/,
      );
      await expectRefused(order, invoiceFields(order, {}, [{ lineNumber: 9, qty: '1' }]), 422, 'Line 9 is not on this order.');
      await expectRefused(order, invoiceFields(order, {}, [{ lineNumber: 1, qty: '-3' }]), 422, 'Enter a quantity on at least one line.');
    });

    it("another vendor's order (404), a user without write on the vendor (403), retail staff (403)", async () => {
      await expectRefused(order, invoiceFields(order), 404, 'Document not found.', OTHER);
      await expectRefused(
        order,
        invoiceFields(order),
        403,
        'Only the supplier’s own users may submit its invoices and credit notes.',
        RETAIL,
      );
      const vendor = await vendorByCode('V0001');
      const link = and(eq(userVendors.userId, await userId(SUPPLIER_USER)), eq(userVendors.vendorId, vendor.id));
      await db.update(userVendors).set({ canWrite: false }).where(link);
      try {
        await expectRefused(order, invoiceFields(order), 403, 'You may view this order but not invoice it.', SUPPLIER_USER);
      } finally {
        await db.update(userVendors).set({ canWrite: true }).where(link);
      }
    });

    it('a submission without the anti-forgery header (419)', async () => {
      const response = await postForm(invoicesRoute, '/api/invoices', SUPPLIER, invoiceFields(order), { xsrf: false });
      expect(response.status).toBe(419);
    });
  });

  it('skips cancelled lines and the Rejected lines of a mixed order', async () => {
    const order = await orderToInvoice(
      [
        { qty: '2', amount: '10.00', response: 'Confirmed' },
        { qty: '2', amount: '10.00', response: 'Rejected' },
        { qty: '2', amount: '10.00', orderDescr: 'cancelled' },
      ],
      { wfStatusCode: 'mixed' },
    );
    const response = await submit(
      invoiceFields(
        order,
        {},
        [1, 2, 3].map((lineNumber) => ({ lineNumber, qty: '2' })),
      ),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.xdocTotalExcl).toBe('20.00');
    const [invoice] = await db.select().from(xdocs).where(eq(xdocs.tinyMce, body.tinyMce));
    expect((await db.select().from(xdocLines).where(eq(xdocLines.xdocId, invoice.id))).map((l) => l.lineNumber)).toEqual([1]);
  });

  it('takes an amount and tax percent only where the order has none (amountEditable, taxPercentEditable)', async () => {
    const order = await orderToInvoice([{ qty: '3', amount: null, taxPercent: null }]);
    await expectRefused(order, invoiceFields(order, {}, [{ lineNumber: 1, qty: '3' }]), 422, 'Line 1: please enter the amount.');
    const response = await submit(invoiceFields(order, {}, [{ lineNumber: 1, qty: '3', amount: '0012.10', taxPercent: '15' }]));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ xdocTotalExcl: '36.30', xdocTaxAmount: '5.45', xdocTotalIncl: '41.75' });
  });

  it('raises a credit note against a responded return order and lowers toCredit', async () => {
    const order = await orderToInvoice([{ qty: '2', amount: '10.00' }], { subType: 'return' });
    // A return has no delivery note: the credit note's reference is asked for as its return note (issue 27).
    await expectRefused(
      order,
      invoiceFields(order, { deliverynoteNumber: undefined }, [{ lineNumber: 1, qty: '2' }]),
      422,
      RETURN_NOTE_REQUIRED,
    );
    const before = await toCreditTotal();
    const response = await submit(invoiceFields(order, {}, [{ lineNumber: 1, qty: '2' }]));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: 'Credit Note successfully submitted',
      xdocSubTypeCode: 'creditnote',
      order: { responded: true },
    });
    expect(await toCreditTotal()).toBe(before - 1);
    const activity = await db.select().from(userActivities).where(eq(userActivities.activity, 'submit-credit-note'));
    expect(activity.some((a) => (a.detail as { tinyMce?: string }).tinyMce === body.tinyMce)).toBe(true);
  });

  it('refuses an order that is not confirmed, or already closed', async () => {
    const open = await createOrder({ vendorCode: 'V0001' });
    orders.push(open);
    await expectRefused(open, invoiceFields(open), 422, `Order ${open.docno} must be confirmed before it can be invoiced.`);
    const done = await orderToInvoice();
    expect((await submit(invoiceFields(done))).status).toBe(201);
    await expectRefused(done, invoiceFields(done), 409, `Order ${done.docno} is already fully invoiced or dismissed.`);
  });
});

describe('multi-branch (jab) orders', () => {
  const jabLines: FixtureLine[] = [
    { lineNumber: 1, qty: '2', deliveryAddressCode: 'BR-A' },
    { lineNumber: 1, qty: '3', deliveryAddressCode: 'BR-B' },
  ];

  it('need a branch, and count as responded only when every branch is done', async () => {
    const order = await orderToInvoice(jabLines, { subType: 'jab', xdocDescr: 'jab multi-branch order' });
    const before = await toInvoiceTotal();
    await expectRefused(order, invoiceFields(order, {}, [{ lineNumber: 1, qty: '2' }]), 422, BRANCH_REQUIRED);
    await expectRefused(
      order,
      invoiceFields(order, { deliveryAddressCode: 'BR-Z' }, [{ lineNumber: 1, qty: '2' }]),
      422,
      /is not a delivery address/,
    );
    // Branch A's line holds 2: 3 would be over-invoicing that branch.
    await expectRefused(
      order,
      invoiceFields(order, { deliveryAddressCode: 'BR-A' }, [{ lineNumber: 1, qty: '3' }]),
      422,
      /beyond what was ordered/,
    );
    const a = await submit(invoiceFields(order, { deliveryAddressCode: 'BR-A' }, [{ lineNumber: 1, qty: '2' }]));
    expect(a.status).toBe(201);
    expect((await a.json()).order.responded).toBe(false);
    expect(await toInvoiceTotal()).toBe(before);
    await expectRefused(
      order,
      invoiceFields(order, { deliveryAddressCode: 'BR-A' }, [{ lineNumber: 1, qty: '0' }]),
      409,
      `Order ${order.docno}:BR-A is already fully invoiced or dismissed.`,
    );
    const b = await submit(
      invoiceFields(order, { deliveryAddressCode: 'BR-B' }, [{ lineNumber: 1, qty: '3', deliveryAddressCode: 'BR-B' }]),
    );
    expect(b.status).toBe(201);
    expect((await b.json()).order.responded).toBe(true);
    expect(await toInvoiceTotal()).toBe(before - 1);
  });
});

describe('GET /orders/dismiss/{id}', () => {
  const dismiss = async (order: CreatedDocument, email = SUPPLIER, xsrf = true) =>
    callRoute(dismissRoute, `/api/orders/dismiss/${order.tinyMce}`, {
      headers: await sessionHeaders(email, { xsrf }),
      params: { id: order.tinyMce },
    });

  it('marks the order responded and lowers toInvoice; refuses without the anti-forgery header, twice, or for another vendor', async () => {
    const order = await orderToInvoice();
    const before = await toInvoiceTotal();
    expect((await dismiss(order, SUPPLIER, false)).status).toBe(419);
    expect((await dismiss(order, OTHER)).status).toBe(404);
    expect((await dismiss(order, RETAIL)).status).toBe(403);
    expect(await toInvoiceTotal()).toBe(before);
    const response = await dismiss(order);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: `Invoicing for order ${order.docno} was dismissed.`, responded: true });
    expect(await toInvoiceTotal()).toBe(before - 1);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.xdocId, order.id), eq(auditEntries.action, 'dismissed')));
    expect(audit.descr).toBe(`Invoicing for order ${order.docno} dismissed`);
    expect((await dismiss(order)).status).toBe(409);
  });
});

describe('exactly once', () => {
  it('replays a submission repeated with the same Idempotency-Key and refuses the key with other content', async () => {
    const order = await orderToInvoice();
    const fields = invoiceFields(order, { toFollow: '1' }, [{ lineNumber: 1, qty: '1' }]);
    const key = `key-${invoiceNo()}`;
    const first = await submit(fields, SUPPLIER, { key });
    const again = await submit(fields, SUPPLIER, { key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).tinyMce).toBe((await first.json()).tinyMce);
    const other = await submit({ ...fields, det: JSON.stringify([{ lineNumber: 1, qty: '2' }]) }, SUPPLIER, { key });
    expect(other.status).toBe(409);
    expect((await other.json()).message).toBe('This Idempotency-Key was already used for a different submission.');
    expect(await db.select().from(xdocs).where(eq(xdocs.relatedXdocId, order.id))).toHaveLength(1);
  });

  it('turns 200 concurrent identical submissions into exactly one invoice', async () => {
    const order = await orderToInvoice();
    const fields = invoiceFields(order);
    const key = `burst-${invoiceNo()}`;
    const responses = await Promise.all(Array.from({ length: 200 }, () => submit(fields, SUPPLIER, { key })));
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const invoices = await db
      .select()
      .from(xdocs)
      .where(and(eq(xdocs.relatedXdocId, order.id), eq(xdocs.xdocTypeCode, 'invoice')));
    expect(invoices).toHaveLength(1);
    // Every answer points to that one invoice (a replay) or refuses clearly; none is an error.
    for (const [i, status] of statuses.entries()) {
      if (status === 201) expect(bodies[i].tinyMce).toBe(invoices[0].tinyMce);
      else expect([409, 422]).toContain(status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('without a key, lets only one of two identical concurrent submissions through', async () => {
    const order = await orderToInvoice();
    const fields = invoiceFields(order);
    const statuses = (await Promise.all([submit(fields), submit(fields)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(await db.select().from(xdocs).where(eq(xdocs.relatedXdocId, order.id))).toHaveLength(1);
  });
});

describe('the counters', () => {
  it('keeps toInvoice and toCredit exact after every submission and dismissal above', async () => {
    const { rows } = await pool.query(`
      select coalesce(c.vendor_id, t.vendor_id) as vendor_id, coalesce(c.list, t.list) as list, coalesce(c.store_id, t.store_id) as store_id,
             coalesce(c.total, 0) as kept, coalesce(t.total, 0) as actual
        from (select * from inbox_counts where list in ('to_invoice', 'to_credit')) c
        full join (select vendor_id, invoicing_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, wf_status_code, invoicing_closed_at) as list,
                          coalesce(store_id, 0) as store_id, count(*)::int as total
                     from xdocs group by 1, 2, 3) t on t.vendor_id = c.vendor_id and t.list = c.list and t.store_id = c.store_id
       where t.list is not null or c.list is not null`);
    expect(rows.filter((r) => Number(r.kept) !== Number(r.actual))).toEqual([]);
    expect(rows.some((r) => r.list === 'to_credit')).toBe(true);
  });
});

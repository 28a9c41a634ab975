import { eq } from 'drizzle-orm';
import { POST as uploadRoute } from '@/app/api/invoices/ubl/route';
import { db, pool } from '@/db/client';
import { xdocs } from '@/db/schema';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { buildUblInvoice, type UblInput } from '@/lib/exports/ubl-invoice';
import { createDocument, createOrder, removeCreatedDocuments, type CreatedDocument, type FixtureLine } from '../support/fixtures';
import { invoicingSnapshot, postForm, removeRaisedDocuments } from '../support/invoicing';

/*
 * POST /invoices/ubl: a supplier uploads the UBL file its ERP made. Valid files are previewed and submitted
 * through the invoice form's own path; broken and hostile files are refused with the field and rule, storing nothing.
 */

// Each refusal is tried three times (preview, submit, the answer): a loaded machine needs more than Jest's 5 s.
jest.setTimeout(30_000);

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const TODAY = todayInSouthAfrica();
const orders: CreatedDocument[] = [];
const tag = Date.now().toString(36).toUpperCase().slice(-6);
let seq = 0;
const invoiceNo = () => `X${tag}${String(++seq).padStart(3, '0')}`;

afterAll(async () => {
  await removeRaisedDocuments(orders.map((o) => o.id));
  await removeCreatedDocuments();
  await pool.end();
});

const LINES: FixtureLine[] = [
  { qty: '4', amount: '10.00' },
  { qty: '2', amount: '25.50', taxPercent: '0' },
];

async function order(lines = LINES, extra = {}): Promise<CreatedDocument> {
  const created = await createOrder({ vendorCode: 'V0001', respondedAt: new Date(), wfStatusCode: 'confirmed', lines, ...extra });
  orders.push(created);
  return created;
}

type Line = { lineNumber: number; qty: string; amount: string; taxPercent: string; code?: string };

/** A UBL file as a supplier's ERP writes it for the order (item codes are the fixtures' CAT00001 …). */
function ubl(target: CreatedDocument, lines: Line[], overrides: Partial<UblInput> = {}): string {
  return buildUblInvoice({
    docno: invoiceNo(),
    orderno: target.docno,
    xdocTypeCode: 'invoice',
    wfStatusCode: 'received',
    docDate: TODAY,
    retailer: { name: 'Protea Supermarkets', code: 'SUB01' },
    supplier: { name: 'Highveld Dairy Co-operative', code: 'V0001', vatNumber: '4123456789' },
    seller: { electronicAddress: '6009900000015', electronicAddressScheme: '0088' },
    paymentTermsDays: 30,
    totals: { excl: '0', tax: '0', incl: '0' },
    lines: lines.map((l) => ({
      lineNumber: l.lineNumber,
      catalogueCode: l.code ?? `CAT${String(l.lineNumber).padStart(5, '0')}`,
      descr: `Item ${l.lineNumber}`,
      qty: l.qty,
      amount: l.amount,
      taxPercent: l.taxPercent,
    })),
    isCreditNote: false,
    deliverynoteNumber: 'DN-ERP-1',
    ...overrides,
  });
}

const FULL: Line[] = [
  { lineNumber: 1, qty: '4', amount: '10.00', taxPercent: '15' },
  { lineNumber: 2, qty: '2', amount: '25.50', taxPercent: '0' },
];

function upload(
  target: CreatedDocument,
  xml: string | Uint8Array,
  fields: Record<string, string> = {},
  options: { email?: string; key?: string } = {},
) {
  const bytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
  return postForm(
    uploadRoute,
    '/api/invoices/ubl',
    options.email ?? SUPPLIER,
    { tinyMce: target.tinyMce, ...fields },
    { file: { bytes, name: 'invoice.xml' }, key: options.key },
  );
}

type Answer = { message: string; errors?: Record<string, string[]> } & Record<string, unknown>;
const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as Answer });

/** Uploads, expects a refusal with these statuses and fields, and that nothing was stored for the order. */
async function refused(
  target: CreatedDocument,
  xml: string | Uint8Array,
  status: number,
  fields: string[],
  extra: Record<string, string> = {},
) {
  const before = await invoicingSnapshot(target.id);
  for (const preview of ['0', '1']) {
    const { status: got, body } = await answer(await upload(target, xml, { preview, ...extra }));
    if (preview === '1' && got === 200) {
      expect(body.canSubmit).toBe(false);
      expect((body.problems as { field: string }[]).map((p) => p.field)).toEqual(expect.arrayContaining(fields));
      continue;
    }
    expect(got).toBe(status);
    if (fields.length) expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(fields));
  }
  expect(await invoicingSnapshot(target.id)).toEqual(before);
  return (await answer(await upload(target, xml, extra))).body;
}

describe('POST /invoices/ubl: a valid file', () => {
  it('previews what would be submitted without storing it, then submits it as the form does', async () => {
    const target = await order();
    const xml = ubl(target, FULL);
    const before = await invoicingSnapshot(target.id);
    const preview = await answer(await upload(target, xml, { preview: '1' }));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      preview: true,
      canSubmit: true,
      problems: [],
      kind: 'invoice',
      order: { tinyMce: target.tinyMce, docno: target.docno },
      deliverynoteNumber: 'DN-ERP-1',
      totals: { excl: '91.00', tax: '6.00', incl: '97.00' },
    });
    expect((preview.body.lines as { lineNumber: number; qty: string }[]).map((l) => [l.lineNumber, l.qty])).toEqual([
      [1, '4.00'],
      [2, '2.00'],
    ]);
    expect(await invoicingSnapshot(target.id)).toEqual(before);

    const submitted = await answer(await upload(target, xml));
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ message: 'Invoice successfully submitted', xdocTotalIncl: '97.00', order: { responded: true } });
    const [stored] = await db
      .select()
      .from(xdocs)
      .where(eq(xdocs.tinyMce, submitted.body.tinyMce as string));
    expect([stored.invoiceNumber, stored.deliverynoteNumber, stored.docDate]).toEqual([submitted.body.docno, 'DN-ERP-1', TODAY]);
  });

  it('replays a re-upload with the same Idempotency-Key, and refuses the same number again without it', async () => {
    const target = await order();
    const xml = ubl(target, [{ lineNumber: 1, qty: '1', amount: '10.00', taxPercent: '15' }]);
    const key = `ubl-${tag}-replay`;
    const first = await upload(target, xml, { toFollow: '1' }, { key });
    expect(first.status).toBe(201);
    const again = await upload(target, xml, { toFollow: '1' }, { key });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(((await again.json()) as Answer).tinyMce).toBe(((await first.json()) as Answer).tinyMce);
    const body = await refused(target, xml, 422, ['ID'], { toFollow: '1' });
    expect(body.message).toMatch(/already been used/);
  });

  it('takes a credit note for a return order, and matches lines by item code when the IDs are the ERP own', async () => {
    const target = await order([{ qty: '3', amount: '20.00' }], { subType: 'return' });
    const xml = ubl(target, [{ lineNumber: 90, code: 'CAT00001', qty: '3', amount: '20.00', taxPercent: '15' }], { isCreditNote: true });
    const { status, body } = await answer(await upload(target, xml));
    expect([status, body.message, body.xdocTotalIncl]).toEqual([201, 'Credit Note successfully submitted', '69.00']);
  });

  it('submits for one branch of a multi-branch order', async () => {
    const target = await order(
      [
        { lineNumber: 1, qty: '2', amount: '18.00', deliveryAddressCode: 'BR-A' },
        { lineNumber: 1, qty: '3', amount: '18.00', deliveryAddressCode: 'BR-B' },
      ],
      { subType: 'jab', xdocDescr: 'jab multi-branch order' },
    );
    // The fixture numbers item codes by row: branch B's line 1 is item CAT00002.
    const xml = ubl(target, [{ lineNumber: 1, code: 'CAT00002', qty: '3', amount: '18.00', taxPercent: '15' }]);
    expect((await refused(target, xml, 422, ['deliveryAddressCode'])).message).toMatch(/branch/);
    const { status, body } = await answer(await upload(target, xml, { deliveryAddressCode: 'BR-B' }));
    expect([status, body.xdocTotalExcl, body.errors]).toEqual([201, '54.00', undefined]);
  });
});

describe('POST /invoices/ubl: broken files, each refused naming its field and rule, nothing stored', () => {
  it('refuses totals that do not add up (BR-CO-10, BR-CO-15, BR-CO-16, PEPPOL-EN16931-R120) and the portal tax', async () => {
    const target = await order();
    const xml = ubl(target, FULL)
      .replace('<cbc:PayableAmount currencyID="ZAR">97.00<', '<cbc:PayableAmount currencyID="ZAR">98.00<')
      .replace('<cbc:TaxInclusiveAmount currencyID="ZAR">97.00<', '<cbc:TaxInclusiveAmount currencyID="ZAR">96.00<')
      .replace('<cbc:LineExtensionAmount currencyID="ZAR">40.00<', '<cbc:LineExtensionAmount currencyID="ZAR">41.00<');
    const body = await refused(target, xml, 422, [
      'LegalMonetaryTotal/PayableAmount',
      'LegalMonetaryTotal/TaxInclusiveAmount',
      'LegalMonetaryTotal/LineExtensionAmount',
      'InvoiceLine[1]/LineExtensionAmount',
    ]);
    const messages = Object.values(body.errors!).flat().join('\n');
    for (const rule of ['BR-CO-10', 'BR-CO-15', 'BR-CO-16', 'PEPPOL-EN16931-R120']) expect(messages).toContain(rule);
    expect(messages).toContain('Line 1 (ID 1): quantity 4.00 × price 10.00 is 40.00, but the line amount says 41.00');

    const wrongTax = ubl(target, FULL).replace(/<cbc:TaxAmount currencyID="ZAR">6.00</g, '<cbc:TaxAmount currencyID="ZAR">6.50<');
    expect(await refused(target, wrongTax, 422, ['TaxTotal/TaxAmount'])).toBeDefined();
  });

  it('refuses quantities beyond the order, unknown lines, other VAT rates and prices above the order, by line', async () => {
    const target = await order();
    const xml = ubl(target, [
      { lineNumber: 1, qty: '5', amount: '10.00', taxPercent: '15' },
      { lineNumber: 7, code: 'NOPE', qty: '1', amount: '1.00', taxPercent: '15' },
      { lineNumber: 2, qty: '1', amount: '30.00', taxPercent: '15' },
    ]);
    const body = await refused(target, xml, 422, ['InvoiceLine[2]/ID', 'InvoiceLine[3]/Item/ClassifiedTaxCategory/Percent']);
    expect(body.errors!['InvoiceLine[2]/ID']).toEqual([`Line 2 (ID 7): order ${target.docno} has no line 7 and no item NOPE.`]);
    const fixed = ubl(target, [
      { lineNumber: 1, qty: '5', amount: '10.00', taxPercent: '15' },
      { lineNumber: 2, qty: '1', amount: '30.00', taxPercent: '0' },
    ]);
    const preview = (await answer(await upload(target, fixed, { preview: '1' }))).body;
    expect(preview.problems).toEqual(
      expect.arrayContaining([
        {
          field: 'InvoiceLine[1]/Quantity',
          message: expect.stringContaining('Line 1 cannot be invoiced beyond what was ordered: 4.00 of 4.00 remain'),
        },
      ]),
    );
    const dearer = ubl(target, [{ lineNumber: 2, qty: '1', amount: '30.00', taxPercent: '0' }]);
    expect((await answer(await upload(target, dearer, { preview: '1' }))).body.problems).toEqual([
      { field: 'InvoiceLine[1]/Price/PriceAmount', message: 'Amount cannot exceed original order amount of 25.50' },
    ]);
  });

  it('refuses a credit note on a normal order, another order number, a future date, no delivery note, another currency', async () => {
    const target = await order();
    const tomorrow = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const body = await refused(
      target,
      ubl(target, FULL, { isCreditNote: true, orderno: 'PO-SOMEONE-ELSE', docDate: tomorrow, deliverynoteNumber: null, currency: 'EUR' }),
      422,
      ['CreditNote', 'OrderReference/ID', 'IssueDate', 'DespatchDocumentReference/ID', 'DocumentCurrencyCode'],
    );
    expect(body.errors!.IssueDate[0]).toContain(`The issue date ${tomorrow}: The date must be between`);
    await refused(target, ubl(target, FULL, { docno: 'lower-case' }), 422, ['ID']);
  });

  it('refuses an order a goods receipt counted: it is invoiced in the discrepancy window, with its reason (issue 27)', async () => {
    const target = await order();
    await createDocument({ vendorCode: 'V0001', type: 'aux.grv', relatedXdocId: target.id, orderno: target.docno, lines: LINES });
    const body = await refused(target, ubl(target, FULL), 422, ['order']);
    expect(body.errors?.order).toEqual([
      `The retailer's goods receipt counted order ${target.docno} differently: invoice it in the discrepancy window, which asks for the reason.`,
    ]);
  });

  it('refuses what is not a UBL invoice: a PDF, text, broken XML, another root element', async () => {
    const target = await order();
    expect((await refused(target, new TextEncoder().encode('%PDF-1.4\n%%EOF'), 422, ['file'])).errors!.file).toEqual([
      'The file must be a XML file.',
    ]);
    await refused(target, 'just some text', 422, ['file']);
    expect((await refused(target, '<?xml version="1.0"?>\n<Invoice><cbc:ID>1</Invoice>', 422, ['file'])).message).toMatch(
      /not well-formed XML: line 2/,
    );
    expect((await refused(target, '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>', 422, ['file'])).message).toMatch(
      /not a UBL 2.1 Invoice or CreditNote \(its root element is Order\)/,
    );
  });

  it('refuses XML bombs and external entities before expanding anything', async () => {
    const target = await order();
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']>',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&lol9;</ID></Invoice>',
    ].join('\n');
    const started = Date.now();
    expect((await refused(target, laughs, 422, ['file'])).message).toMatch(/DOCTYPE or entity declarations/);
    const external = `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${ubl(target, FULL).split('\n')[1].replace('<cbc:ID>', '<cbc:ID>&xxe;')}`;
    expect((await refused(target, external, 422, ['file'])).message).toMatch(/DOCTYPE/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a 50 MB file with 413 and another vendor order with 404', async () => {
    const target = await order();
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x20);
    huge.set(new TextEncoder().encode('<Invoice>'), 0);
    const big = await upload(target, huge);
    expect(big.status).toBe(413);
    const theirs = await upload(target, ubl(target, FULL), {}, { email: OTHER });
    expect(theirs.status).toBe(404);
    expect(await invoicingSnapshot(target.id)).toMatchObject({ raised: 0, invoiced: 0 });
  }, 30_000);
});

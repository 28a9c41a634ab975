import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries, xdocLines, xdocs } from '@/db/schema';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { callRoute, sessionHeaders } from '../support/actors';
import { storeByCode, uniqueTag, vendorByCode } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';

/** POST /api/v1/documents with a UBL 2.1 Order (Peppol BIS Ordering 3.0): the sample of samples/ubl-order.xml. */
afterAll(() => pool.end());

let key: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

const SAMPLE = readFileSync(path.join(process.cwd(), 'samples/ubl-order.xml'), 'utf8');
const SAMPLE_DOCNO = 'UBL-PO-1001';

/** The sample with its own order number, and any further text replaced. */
function sample(replacements: [string | RegExp, string][] = []) {
  const docno = `UBL${uniqueTag()}`;
  const xml = replacements.reduce((text, [from, to]) => text.replace(from, to), SAMPLE.replace(SAMPLE_DOCNO, docno));
  return { docno, xml };
}

const postXml = (xml: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  callV1(documentsRoute.POST, '/api/v1/documents', {
    key,
    method: 'POST',
    body: xml,
    headers: { 'content-type': 'application/xml', ...headers },
  });

async function stored(docno: string) {
  const [doc] = await db.select().from(xdocs).where(eq(xdocs.docno, docno));
  return doc;
}
const auditCount = async (xdocId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)
      .where(eq(auditEntries.xdocId, xdocId))
  )[0].n;
const errorKeys = (json: Record<string, unknown>) => Object.keys(json.errors as object);

describe('POST /api/v1/documents with a UBL Order', () => {
  it('creates the order as the same JSON would: lines, totals to the cent, in the supplier’s inbox at once', async () => {
    const { docno, xml } = sample();
    const { status, json } = await postXml(xml);
    expect([status, json]).toEqual([201, expect.objectContaining({ status: 'created', docno, type: 'order', version: 1 })]);
    const [vendor, store] = [await vendorByCode('V0001'), await storeByCode('S001')];
    const doc = await stored(docno);
    expect(doc).toMatchObject({
      tinyMce: json.tinyMce,
      xdocTypeCode: 'order',
      xdocSubTypeCode: 'normal',
      vendorId: vendor.id,
      storeId: store.id,
      subsidiaryId: store.subsidiaryId,
      docDate: '2026-06-15',
      deliveryDate: '2026-06-22',
      xdocDescr: 'Weekly replenishment',
      xdocTotalExcl: '100.10',
      xdocTaxAmount: '15.02',
      xdocTotalIncl: '115.12',
    });
    const lines = await db.select().from(xdocLines).where(eq(xdocLines.xdocId, doc.id)).orderBy(xdocLines.lineNumber);
    expect(lines.map((l) => [l.lineNumber, l.catalogueCode, l.descr, l.qty, l.amount, l.taxPercent])).toEqual([
      [1, '101001', 'Highveld Full Cream Milk 1L', '3.00', '33.33', '15.00'],
      [2, '101002', 'Highveld Low Fat Milk 1L', '1.50', '0.07', '15.00'],
    ]);
    const inbox = await callRoute(ordersRoute, `/orders?docno=${docno}`, { headers: await sessionHeaders('supplier@portal.test') });
    expect((await inbox.json()).xdocs.map((x: { docno: string }) => x.docno)).toEqual([docno]);
  });

  it('answers the same XML again with 200 unchanged, and changed XML with a new version', async () => {
    const { docno, xml } = sample();
    expect((await postXml(xml)).status).toBe(201);
    const before = await stored(docno);
    const again = await postXml(xml);
    expect([again.status, again.json.status, again.json.version]).toEqual([200, 'unchanged', 1]);
    expect(await stored(docno)).toEqual(before);
    expect(await auditCount(before.id)).toBe(1);

    const changed = xml
      .replace('<cbc:Quantity unitCode="EA">3</cbc:Quantity>', '<cbc:Quantity unitCode="EA">4</cbc:Quantity>')
      .replace('99.99', '133.32');
    const updated = await postXml(changed);
    expect([updated.status, updated.json.status, updated.json.version]).toEqual([200, 'updated', 2]);
    // 4 × 33.33 = 133.32 (tax 20.00) + 0.105 (tax 0.02): excl 133.425 → 133.43.
    expect(await stored(docno)).toMatchObject({ xdocTotalExcl: '133.43', xdocTaxAmount: '20.02', xdocTotalIncl: '153.45' });
  });

  it('takes the same order as JSON and as XML as one document', async () => {
    const { docno, xml } = sample();
    const asJson = {
      type: 'order',
      docno,
      vendorCode: 'V0001',
      storeCode: 'S001',
      docDate: '2026-06-15',
      deliveryDate: '2026-06-22',
      descr: 'Weekly replenishment',
      lines: [
        { lineNumber: 1, catalogueCode: '101001', descr: 'Highveld Full Cream Milk 1L', qty: 3, amount: '33.33', taxPercent: 15 },
        { lineNumber: 2, catalogueCode: '101002', descr: 'Highveld Low Fat Milk 1L', qty: 1.5, amount: 0.07, taxPercent: 15 },
      ],
    };
    expect((await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: asJson })).status).toBe(201);
    const again = await postXml(xml);
    expect([again.status, again.json.status]).toEqual([200, 'unchanged']);
  });

  it('refuses with 409, naming ID, to change an order the supplier has answered', async () => {
    const { docno, xml } = sample();
    const { json } = await postXml(xml);
    const answered = await callRoute(respondRoute, `/orders/${json.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders('supplier@portal.test'),
      params: { id: json.tinyMce as string },
      body: { orderResponse: { header: { response: 'confirmed' }, tinyMce: json.tinyMce, docno } },
    });
    expect(answered.status).toBe(200);
    const conflict = await postXml(xml.replace('2026-06-22', '2026-06-29'));
    expect(conflict.status).toBe(409);
    expect(conflict.json.message).toMatch(/already answered/);
    expect(errorKeys(conflict.json)).toEqual(['ID']);
    expect((await stored(docno)).deliveryDate).toBe('2026-06-22');
  });

  it('finds the vendor by its GLN alone, and refuses an unknown vendor or store with 422 naming the element; nothing stored', async () => {
    const byGln = sample([['<cac:PartyIdentification><cbc:ID>V0001</cbc:ID></cac:PartyIdentification>', '']]);
    expect((await postXml(byGln.xml)).status).toBe(201);
    expect((await stored(byGln.docno)).vendorId).toBe((await vendorByCode('V0001')).id);

    const cases: [[string, string][], string][] = [
      [[['<cbc:ID>V0001</cbc:ID>', '<cbc:ID>V9999</cbc:ID>']], 'SellerSupplierParty/Party/PartyIdentification/ID'],
      [
        [
          ['<cac:PartyIdentification><cbc:ID>V0001</cbc:ID></cac:PartyIdentification>', ''],
          ['6009900000015', '6009900099996'],
        ],
        'SellerSupplierParty/Party/EndpointID',
      ],
      [[['<cbc:ID>S001</cbc:ID>', '<cbc:ID>S017</cbc:ID>']], 'Delivery/DeliveryLocation/ID'], // SUB02's store
    ];
    for (const [replacements, element] of cases) {
      const { docno, xml } = sample(replacements);
      const { status, json } = await postXml(xml);
      expect([status, errorKeys(json)]).toEqual([422, [element]]);
      expect(json.message).toContain(element);
      expect(await stored(docno)).toBeUndefined();
    }
  });

  it('refuses missing or wrong elements with 422 naming each element path; nothing stored', async () => {
    const cases: [[string | RegExp, string][], string][] = [
      [[[/<cbc:IssueDate>.*<\/cbc:IssueDate>/, '']], 'IssueDate'],
      [[['<cbc:Quantity unitCode="EA">3</cbc:Quantity>', '']], 'OrderLine[1]/LineItem/Quantity'],
      [
        [['<cbc:Quantity unitCode="EA">3</cbc:Quantity>', '<cbc:Quantity unitCode="EA">-3</cbc:Quantity>']],
        'OrderLine[1]/LineItem/Quantity',
      ],
      [[['<cbc:Percent>15</cbc:Percent>', '']], 'OrderLine[1]/LineItem/Item/ClassifiedTaxCategory/Percent'],
      [[['<cbc:ID>101002</cbc:ID>', '']], 'OrderLine[2]/LineItem/Item/SellersItemIdentification/ID'],
      [[['<cbc:ID>2</cbc:ID>', '<cbc:ID>1</cbc:ID>']], 'OrderLine[2]/LineItem/ID'],
      [[['99.99', '98.00']], 'OrderLine[1]/LineItem/LineExtensionAmount'],
      [[['<cbc:DocumentCurrencyCode>ZAR', '<cbc:DocumentCurrencyCode>EUR']], 'DocumentCurrencyCode'],
      [[[/<cac:OrderLine>[\s\S]*<\/cac:OrderLine>/, '']], 'OrderLine'],
    ];
    for (const [replacements, element] of cases) {
      const { docno, xml } = sample(replacements);
      const { status, json } = await postXml(xml);
      expect([element, status, errorKeys(json)]).toEqual([element, 422, [element]]);
      expect(await stored(docno)).toBeUndefined();
    }
    const noId = await postXml(SAMPLE.replace(`<cbc:ID>${SAMPLE_DOCNO}</cbc:ID>`, ''));
    expect([noId.status, errorKeys(noId.json)]).toEqual([422, ['ID']]);
  });

  it('refuses XML that is not well-formed, and an invoice posted as an order, with 422', async () => {
    const { docno, xml } = sample();
    const broken = await postXml(xml.replace('</cac:SellerSupplierParty>', ''));
    expect([broken.status, errorKeys(broken.json)]).toEqual([422, ['body']]);
    expect(broken.json.message).toMatch(/not well-formed XML/);
    const notXml = await postXml('{"type":"order"}', { 'content-type': 'text/xml; charset=utf-8' });
    expect(notXml.status).toBe(422);

    const invoice = xml.replace('xsd:Order-2', 'xsd:Invoice-2').replace('<Order ', '<Invoice ').replace('</Order>', '</Invoice>');
    const asOrder = await postXml(invoice);
    expect([asOrder.status, errorKeys(asOrder.json)]).toEqual([422, ['Order']]);
    expect(asOrder.json.message).toMatch(/not a UBL 2.1 Order \(its root element is Invoice/);
    // The right name in a wrong namespace is no Order either.
    const wrongNamespace = await postXml(xml.replace('urn:oasis:names:specification:ubl:schema:xsd:Order-2', 'urn:example:Order'));
    expect([wrongNamespace.status, errorKeys(wrongNamespace.json)]).toEqual([422, ['Order']]);
    expect(await stored(docno)).toBeUndefined();
  });

  it('refuses an entity-expansion bomb and a deeply nested body without expanding them', async () => {
    const lols = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lollollollollollollollollollol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join('');
    const bomb = sample([['<cbc:Note>Weekly replenishment</cbc:Note>', '<cbc:Note>&lol9;</cbc:Note>']]);
    const withDoctype = bomb.xml.replace('<Order ', `<!DOCTYPE Order [${lols}]>\n<Order `);
    const heapBefore = process.memoryUsage().heapUsed;
    const answer = await postXml(withDoctype);
    expect([answer.status, errorKeys(answer.json)]).toEqual([422, ['body']]);
    expect(answer.json.message).toMatch(/DOCTYPE or entity declarations/);
    // 10^9 "lol"s expanded would be gigabytes; refused before parsing, the heap barely moves.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
    expect(await stored(bomb.docno)).toBeUndefined();

    const deep = sample([
      ['<cbc:Note>Weekly replenishment</cbc:Note>', `<cbc:Note>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</cbc:Note>`],
    ]);
    const nested = await postXml(deep.xml);
    expect([nested.status, errorKeys(nested.json)]).toEqual([422, ['body']]);
    expect(await stored(deep.docno)).toBeUndefined();
  });

  it('refuses an XML body over the JSON limit with 413 before reading it all', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        if (pulled > 100 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    expect((await postXml(endless)).status).toBe(413);
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
  });
});

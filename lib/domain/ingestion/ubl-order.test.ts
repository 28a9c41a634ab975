import { readXml } from '../invoicing/ubl-xml';
import { elementPathOf, ublOrderOf } from './ubl-order';

const order = (body: string) =>
  ublOrderOf(
    readXml(
      Buffer.from(`<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"
        xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
        xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>PO1</cbc:ID>${body}</Order>`),
      'body',
    ),
  );

const line = (inner: string) => `<cac:OrderLine><cac:LineItem><cbc:ID>1</cbc:ID>${inner}</cac:LineItem></cac:OrderLine>`;
const lineOf = (o: ReturnType<typeof order>) => (o.raw.lines as Record<string, unknown>[])[0];

describe('a UBL Order read into the ingestion document', () => {
  it('takes the unit price from LineExtensionAmount ÷ Quantity when there is no price and it is exact to the cent', () => {
    expect(lineOf(order(line('<cbc:Quantity>4</cbc:Quantity><cbc:LineExtensionAmount>10.00</cbc:LineExtensionAmount>'))).amount).toBe(
      '2.50',
    );
    const inexact = order(line('<cbc:Quantity>3</cbc:Quantity><cbc:LineExtensionAmount>10.00</cbc:LineExtensionAmount>'));
    expect(lineOf(inexact).amount).toBeUndefined();
    expect(Object.keys(inexact.problems)).toEqual(['OrderLine[1]/LineItem/Price/PriceAmount']);
  });

  it('refuses a price per more than one unit', () => {
    const perTen = order(
      line(
        '<cbc:Quantity>1</cbc:Quantity><cac:Price><cbc:PriceAmount>5</cbc:PriceAmount><cbc:BaseQuantity>10</cbc:BaseQuantity></cac:Price>',
      ),
    );
    expect(Object.keys(perTen.problems)).toEqual(['OrderLine[1]/LineItem/Price/BaseQuantity']);
  });

  it('reads a zero-rated category without Percent as 0, and a standard one without Percent as missing', () => {
    const tax = (id: string) =>
      lineOf(order(line(`<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>${id}</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>`))).taxPercent;
    expect([tax('Z'), tax('E'), tax('S')]).toEqual(['0', '0', undefined]);
  });

  it('takes the store from the buyer when there is no delivery location, and the delivery date from EndDate without StartDate', () => {
    const o =
      order(`<cac:BuyerCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID>S004</cbc:ID></cac:PartyIdentification></cac:Party></cac:BuyerCustomerParty>
      <cac:Delivery><cac:RequestedDeliveryPeriod><cbc:EndDate>2026-07-01</cbc:EndDate></cac:RequestedDeliveryPeriod></cac:Delivery>`);
    expect([o.raw.storeCode, o.raw.deliveryDate]).toEqual(['S004', '2026-07-01']);
    expect([elementPathOf(o, 'storeCode'), elementPathOf(o, 'deliveryDate')]).toEqual([
      'BuyerCustomerParty/Party/PartyIdentification/ID',
      'Delivery/RequestedDeliveryPeriod/EndDate',
    ]);
  });

  it('names the seller by GLN when it has no portal code, and keeps the code when it has both', () => {
    const party = (ids: string) => order(`<cac:SellerSupplierParty><cac:Party>${ids}</cac:Party></cac:SellerSupplierParty>`);
    const glnOnly = party('<cbc:EndpointID schemeID="0088">6009900000015</cbc:EndpointID>');
    expect([glnOnly.raw.vendorCode, glnOnly.sellerGln, elementPathOf(glnOnly, 'vendorCode')]).toEqual([
      undefined,
      '6009900000015',
      'SellerSupplierParty/Party/EndpointID',
    ]);
    const both = party(
      '<cbc:EndpointID schemeID="0088">6009900000015</cbc:EndpointID><cac:PartyIdentification><cbc:ID>V0001</cbc:ID></cac:PartyIdentification>',
    );
    expect([both.raw.vendorCode, both.sellerGln]).toEqual(['V0001', null]);
  });
});

import { multiplyToCents } from '../../exports/pdf-decimal';
import { fromCents, toCents } from '../../format/money';
import { all, find, textAt, type XmlElement } from '../invoicing/ubl-xml';

/*
 * A UBL 2.1 Order (Peppol BIS Ordering 3.0) read into the portal's ingestion document, the same object a
 * retailer's system sends as JSON (docs/api.md, "UBL Order"), with the element each field came from, so a
 * refusal names the element rather than the JSON field. The portal's codes are where its UBL invoices put
 * them (lib/exports/ubl-invoice.ts): a party's own code in PartyIdentification/ID, its GLN (scheme 0088) in
 * EndpointID, the store in Delivery/DeliveryLocation/ID, the item code in SellersItemIdentification/ID.
 */

export const ORDER_ROOT = '{urn:oasis:names:specification:ubl:schema:xsd:Order-2}Order';
export const GLN_SCHEME = '0088';

/** An element path in errors: UBL's names without their prefixes, lines counted from 1 ('OrderLine[2]/LineItem/Quantity'). */
const bare = (path: string) => path.replace(/\b(cac|cbc):/g, '');

export type UblOrder = {
  /** The ingestion document's fields as the XML gives them (checked by the same schema as JSON). */
  raw: Record<string, unknown>;
  /** Where each field came from: a JSON field path ('lines.0.qty') → its element path. */
  where: Record<string, string>;
  /** The seller is given only by its GLN: its vendor code must be looked up. */
  sellerGln: string | null;
  /** What is wrong beyond a field's value (a price per more than one unit, a line amount that does not add up). */
  problems: Record<string, string[]>;
};

type Party = { code: string | null; gln: string | null; codePath: string; glnPath: string };

/** A party's own code (a PartyIdentification/ID not in scheme 0088) and its GLN (EndpointID or PartyIdentification/ID in 0088). */
function partyOf(root: XmlElement, role: string): Party {
  const party = find(root, `cac:${role}/cac:Party`);
  const ids = all(party, 'cac:PartyIdentification').map((p) => find(p, 'cbc:ID'));
  const own = ids.find((id) => id?.text && id.attrs.schemeID !== GLN_SCHEME);
  const endpoint = find(party, 'cbc:EndpointID');
  const gln = endpoint?.attrs.schemeID === GLN_SCHEME && endpoint.text ? endpoint : ids.find((id) => id?.attrs.schemeID === GLN_SCHEME);
  return {
    code: own?.text || null,
    gln: gln?.text || null,
    codePath: `${role}/Party/PartyIdentification/ID`,
    glnPath: `${role}/Party/${gln === endpoint ? 'EndpointID' : 'PartyIdentification/ID'}`,
  };
}

/** Reads an Order's root element (already checked to be one) into the ingestion document and its element paths. */
export function ublOrderOf(root: XmlElement): UblOrder {
  const where: Record<string, string> = { _: 'Order', type: 'Order', docno: 'ID', docDate: 'IssueDate', descr: 'Note', lines: 'OrderLine' };
  const problems: Record<string, string[]> = {};
  const problem = (path: string, message: string) => (problems[path] ??= []).push(message);

  const currency = textAt(root, 'cbc:DocumentCurrencyCode');
  if (currency && currency !== 'ZAR') problem('DocumentCurrencyCode', `The portal keeps orders in rand (ZAR), not ${currency}.`);

  const seller = partyOf(root, 'SellerSupplierParty');
  where.vendorCode = seller.code || !seller.gln ? seller.codePath : seller.glnPath;
  const buyer = partyOf(root, 'BuyerCustomerParty');
  const location = textAt(root, 'cac:Delivery/cac:DeliveryLocation/cbc:ID');
  where.storeCode = location || !buyer.code ? 'Delivery/DeliveryLocation/ID' : buyer.codePath;
  const period = find(root, 'cac:Delivery/cac:RequestedDeliveryPeriod');
  const deliveryDate = textAt(period, 'cbc:StartDate') ?? textAt(period, 'cbc:EndDate');
  where.deliveryDate = `Delivery/RequestedDeliveryPeriod/${textAt(period, 'cbc:StartDate') ? 'StartDate' : 'EndDate'}`;

  const lines = all(root, 'cac:OrderLine').map((orderLine, i) => {
    const at = `OrderLine[${i + 1}]/LineItem`;
    const item = find(orderLine, 'cac:LineItem');
    Object.assign(where, {
      [`lines.${i}`]: at,
      [`lines.${i}.lineNumber`]: `${at}/ID`,
      [`lines.${i}.catalogueCode`]: `${at}/Item/SellersItemIdentification/ID`,
      [`lines.${i}.descr`]: `${at}/Item/Name`,
      [`lines.${i}.qty`]: `${at}/Quantity`,
      [`lines.${i}.amount`]: `${at}/Price/PriceAmount`,
      [`lines.${i}.taxPercent`]: `${at}/Item/ClassifiedTaxCategory/Percent`,
    });
    const id = textAt(item, 'cbc:ID');
    const qty = textAt(item, 'cbc:Quantity');
    return {
      lineNumber: id !== null && /^\d{1,9}$/.test(id) ? Number(id) : (id ?? undefined),
      catalogueCode: textAt(item, 'cac:Item/cac:SellersItemIdentification/cbc:ID') ?? undefined,
      descr: textAt(item, 'cac:Item/cbc:Name') ?? undefined,
      qty: qty ?? undefined,
      amount: unitPriceOf(item, qty, at, problem),
      taxPercent: taxPercentOf(item),
    };
  });

  const raw = {
    type: 'order',
    docno: textAt(root, 'cbc:ID') ?? undefined,
    vendorCode: seller.code ?? undefined,
    storeCode: location ?? buyer.code ?? undefined,
    docDate: textAt(root, 'cbc:IssueDate') ?? undefined,
    deliveryDate: deliveryDate ?? undefined,
    descr: textAt(root, 'cbc:Note') ?? undefined,
    lines,
  };
  return { raw, where, sellerGln: seller.code ? null : seller.gln, problems };
}

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * The unit price (the portal's line `amount`): Price/PriceAmount per one unit, or, without a price,
 * LineExtensionAmount ÷ Quantity when that is exact to the cent. Given both, they must agree (qty × price
 * rounded to the cent), as Peppol's order rules ask.
 */
function unitPriceOf(item: XmlElement | undefined, qty: string | null, at: string, problem: (path: string, message: string) => void) {
  const price = textAt(item, 'cac:Price/cbc:PriceAmount');
  const base = textAt(item, 'cac:Price/cbc:BaseQuantity');
  const lineAmount = textAt(item, 'cbc:LineExtensionAmount');
  if (base !== null && Number(base) !== 1)
    problem(`${at}/Price/BaseQuantity`, `The price must be per unit (BaseQuantity 1), not per ${base}.`);
  if (!qty || !DECIMAL.test(qty) || !lineAmount || !MONEY.test(lineAmount)) return price ?? undefined;
  if (price !== null) {
    if (DECIMAL.test(price) && multiplyToCents(qty, price) !== BigInt(toCents(lineAmount)))
      problem(
        `${at}/LineExtensionAmount`,
        `The line amount ${lineAmount} is not quantity × price (${qty} × ${price} = ${fromCents(multiplyToCents(qty, price))}).`,
      );
    return price;
  }
  if (Number(qty) === 0) return undefined;
  const unit = (Number(toCents(lineAmount)) / Number(qty) / 100).toFixed(2);
  if (multiplyToCents(qty, unit) === BigInt(toCents(lineAmount))) return unit;
  problem(`${at}/Price/PriceAmount`, `Give the unit price: ${lineAmount} ÷ ${qty} is not a whole number of cents.`);
  return undefined;
}

/** The line's VAT rate; a zero-rated, exempt or out-of-scope category (Z, E, O) without a Percent is 0. */
function taxPercentOf(item: XmlElement | undefined) {
  const category = find(item, 'cac:Item/cac:ClassifiedTaxCategory');
  const percent = textAt(category, 'cbc:Percent');
  if (percent !== null) return percent;
  return ['Z', 'E', 'O'].includes(textAt(category, 'cbc:ID') ?? '') ? '0' : undefined;
}

/** An error keyed by JSON field path ('lines.0.qty', 'vendorCode') re-keyed by the element it came from. */
export function elementPathOf(order: UblOrder, field: string): string {
  const parts = field.split('.');
  for (let n = parts.length; n > 0; n--) {
    const known = order.where[parts.slice(0, n).join('.')];
    if (known) return bare(known);
  }
  return 'Order';
}

/**
 * The words of master data in one place (plain data, so client components use them too): the kinds of
 * record, and a vendor's data fields as people name them, so an approver reads "Account number", not
 * "bank.account" (docs/api.md, GET /masterdata/history).
 */

export const EVENT_LABELS: Record<string, string> = {
  'items.upload': 'Item upload',
  'pricing.upload': 'Pricing upload',
  'vendor.update': 'Vendor data',
};

export const eventLabel = (eventType: string): string => EVENT_LABELS[eventType] ?? eventType;

/** A vendor's data fields (db/schema/vendors.ts VendorData) in the order the edit form and the review show them. */
export const VENDOR_FIELD_LABELS = {
  registrationNumber: 'Registration number',
  vatNumber: 'VAT number',
  contactName: 'Contact name',
  contactEmail: 'Contact e-mail',
  contactPhone: 'Contact phone',
  address: 'Address',
  bbbeeLevel: 'B-BBEE level',
  bbbeeExpiry: 'B-BBEE expiry date',
} as const;

/** The parts of a vendor's bank details (`bank` in vendordata). */
export const BANK_FIELD_LABELS = {
  name: 'Bank',
  account: 'Account number',
  branchCode: 'Branch code',
} as const;

export const CERTIFICATE_LABEL = 'B-BBEE certificate';
export const BANK_HIDDEN_TEXT = 'Hidden (shown to approvers only)';

/**
 * The fields of a catalogue change (item_changes / pricing_changes `changeable`) as the upload review
 * names them, and the columns of the item and pricing spreadsheets (exports, templates) by the same words.
 */
export const CATALOGUE_FIELD_LABELS: Record<string, string> = {
  vendorCode: 'Vendor code',
  vendorName: 'Vendor name',
  catalogueCode: 'Catalogue code',
  descr: 'Description',
  barcode: 'Barcode',
  unitOfMeasure: 'Unit of measure',
  packSize: 'Pack size',
  active: 'Active',
  costPrice: 'Cost price',
  retailPrice: 'Retail price',
  effectiveFrom: 'Effective from',
  effectiveTo: 'Effective to',
  subsidiaryCode: 'Subsidiary',
  status: 'Status',
};

/** A catalogue column's words: 'Vendor code' for vendorCode. */
export const catalogueColumnLabel = (name: string): string => CATALOGUE_FIELD_LABELS[name] ?? name;

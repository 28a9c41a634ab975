/**
 * How documents are spread. Document n gets a "slot" 0..99 from its number (see `slotOf`), and the
 * slot picks the kind, so every block of 100 consecutive numbers holds exactly this mix.
 * `relates` names the kind of earlier order a document is raised against (invoice → order, credit note → return order).
 */
export type DocKind = {
  lo: number;
  hi: number;
  type: string;
  sub: string | null;
  typeDescr: string;
  prefix: string;
  relates: 'order' | 'return' | null;
};

export const DOC_KINDS: DocKind[] = [
  { lo: 0, hi: 15, type: 'order', sub: 'normal', typeDescr: 'Purchase Order', prefix: 'PO', relates: null },
  { lo: 16, hi: 25, type: 'order', sub: 'direct', typeDescr: 'Purchase Order', prefix: 'PO', relates: null },
  { lo: 26, hi: 33, type: 'order', sub: 'semi direct', typeDescr: 'Purchase Order', prefix: 'PO', relates: null },
  { lo: 34, hi: 39, type: 'order', sub: 'jab', typeDescr: 'Purchase Order', prefix: 'PO', relates: null },
  { lo: 40, hi: 47, type: 'order', sub: 'return', typeDescr: 'Return Order', prefix: 'RO', relates: null },
  { lo: 48, hi: 62, type: 'invoice', sub: 'normal', typeDescr: 'Invoice', prefix: 'INV', relates: 'order' },
  { lo: 63, hi: 66, type: 'invoice', sub: 'creditnote', typeDescr: 'Credit Note', prefix: 'CN', relates: 'return' },
  { lo: 67, hi: 76, type: 'deliverynote', sub: null, typeDescr: 'Delivery Note', prefix: 'DN', relates: 'order' },
  { lo: 77, hi: 84, type: 'aux.grv', sub: null, typeDescr: 'Goods Received Voucher', prefix: 'GRV', relates: 'order' },
  { lo: 85, hi: 94, type: 'remittance', sub: null, typeDescr: 'Remittance Advice', prefix: 'RA', relates: null },
  { lo: 95, hi: 99, type: 'dispute', sub: null, typeDescr: 'Dispute', prefix: 'DSP', relates: 'order' },
];

/** Seeded document numbers are one of these prefixes and the 8-digit sequence number n, e.g. PO00000042. */
export const SEEDED_DOCNO_PREFIXES = [...new Set(DOC_KINDS.map((k) => k.prefix))];

/**
 * Slot of document n: the low two digits pick the vendor (see `vendorNoOf`), the rest rotate the
 * kind by 37 (coprime to 100), so each vendor cycles through every kind as n grows.
 */
export const slotOf = (n: number) => (Math.floor(n / 100) * 37 + (n % 100) * 13) % 100;

/**
 * Vendor of document n by its low two digits: V0001 32%, V0002 14%, V0003 10% (the demo suppliers
 * get a guaranteed share even in a 600-document seed), V0004–V0025 2% each.
 */
export const vendorNoOf = (n: number) => {
  const s = n % 100;
  return s < 32 ? 1 : s < 46 ? 2 : s < 56 ? 3 : 4 + Math.floor((s - 56) / 2);
};

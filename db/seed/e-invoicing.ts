/*
 * E-invoicing identifiers of the demo parties: GS1 Global Location Numbers under South Africa's GS1 prefix
 * (600), so Peppol's check of scheme 0088 (GLN, check digit and all) passes on every exported invoice.
 */

/** The GLN of a 12-digit base: the base and its GS1 mod-10 check digit (weights 3 and 1 from the right). */
export function gln(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error(`A GLN base has 12 digits: ${base12}`);
  const sum = [...base12].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${base12}${(10 - (sum % 10)) % 10}`;
}

/** EAS code of the GLN scheme, the electronic address scheme the demo parties use. */
export const GLN_SCHEME = '0088';

/** GLN ranges of the demo data: vendors 6009900xxxxx, subsidiaries 6009910xxxxx (numbered from 1). */
export const vendorGln = (no: number) => gln(`6009900${String(no).padStart(5, '0')}`);
export const subsidiaryGln = (no: number) => gln(`6009910${String(no).padStart(5, '0')}`);

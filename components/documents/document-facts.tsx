import type { ReactNode } from 'react';

export type Fact = [label: string, value: ReactNode];

/** The vendor a document belongs to, as code and name ('V0002 · Fresh Farms'); for users linked to several vendors. */
export function vendorFact(doc: { vendorCode?: string | null; vendorName?: string | null }): Fact {
  return ['Vendor', [doc.vendorCode, doc.vendorName].filter(Boolean).join(' · ')];
}

/** A document's header as a compact grid of label/value pairs; empty values are left out. */
export function DocumentFacts({ facts }: { facts: readonly Fact[] }) {
  const shown = facts.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="doc-facts">
      {shown.map(([label, value]) => (
        <div key={label} className="doc-facts__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

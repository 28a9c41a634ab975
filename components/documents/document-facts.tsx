import type { ReactNode } from 'react';

export type Fact = [label: string, value: ReactNode];

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

'use client';

import type { ReactNode } from 'react';
import type { ChangeKind } from './change-fields';

export const CHANGE_TABS: { kind: ChangeKind; label: string }[] = [
  { kind: 'item', label: 'Item changes' },
  { kind: 'pricing', label: 'Pricing changes' },
];

/** Item changes and pricing changes, one list at a time; the tab in force is in the address (`tab`). */
export function ChangeTabs({ kind, onChange, children }: { kind: ChangeKind; onChange: (kind: ChangeKind) => void; children: ReactNode }) {
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Kind of change">
        {CHANGE_TABS.map((tab) => (
          <button
            key={tab.kind}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab.kind === kind}
            onClick={() => (tab.kind === kind ? undefined : onChange(tab.kind))}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={CHANGE_TABS.find((t) => t.kind === kind)!.label}>
        {children}
      </div>
    </>
  );
}

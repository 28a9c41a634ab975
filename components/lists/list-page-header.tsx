'use client';

import type { ReactNode } from 'react';

export interface ListPageHeaderProps {
  title: string;
  /** The list's filter panel toggle (useFiltersToggle). */
  filters: { open: boolean; toggle: () => void };
  /** The screen's own buttons (Invite user, reports), before the toggle. */
  children?: ReactNode;
}

/** A list screen's heading with its buttons and the Show/Hide filters toggle, alike on every list screen. */
export function ListPageHeader({ title, filters, children }: ListPageHeaderProps) {
  return (
    <header className="page__header toolbar">
      <h1 className="page__title">{title}</h1>
      <span className="toolbar__spacer" />
      {children}
      <button type="button" className="btn btn--secondary btn--sm" aria-expanded={filters.open} onClick={filters.toggle}>
        {filters.open ? 'Hide filters' : 'Show filters'}
      </button>
    </header>
  );
}

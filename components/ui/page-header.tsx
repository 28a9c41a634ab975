import type { ReactNode } from 'react';
import './page-header.css';

export interface PageHeaderProps {
  title: string;
  /** A sentence under the title saying what the screen is for. */
  intro?: ReactNode;
  /** The screen's own buttons, at the header's end. */
  children?: ReactNode;
}

/** A screen's heading with its buttons and an optional introduction, alike on the screens that are not lists. */
export function PageHeader({ title, intro, children }: PageHeaderProps) {
  return (
    <>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {children}
      </header>
      {intro ? <p className="muted page__intro">{intro}</p> : null}
    </>
  );
}

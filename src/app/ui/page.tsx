import type { ReactNode } from 'react';
import './page.css';

export function Page({
  title,
  subtitle,
  actions,
  className,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** A modifier of the screen's own (say, one that fills the viewport). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `app-page ${className}` : 'app-page'}>
      <header className="app-page__header">
        <div>
          <h1 className="app-page__title">{title}</h1>
          {subtitle && <p className="app-page__subtitle">{subtitle}</p>}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

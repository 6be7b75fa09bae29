import type { ReactNode } from 'react';
import './badge.css';

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'warning' | 'accent';
  children: ReactNode;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

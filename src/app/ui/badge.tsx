import type { HTMLAttributes, ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'warning' | 'accent' | 'success' | 'danger';

export function Badge({
  tone = 'neutral',
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`badge badge--${tone}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </span>
  );
}

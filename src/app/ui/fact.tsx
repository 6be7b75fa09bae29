import type { ReactNode } from 'react';
import './fact.css';

/** One fact of a description list (a row of a `<dl>`): its name, then its value. */
export function Fact({
  label,
  children,
  valueClassName,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  valueClassName?: string;
  /** The value's data-testid, for a test that reads it. */
  testId?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Facts as a grid: each row (a `Fact`) its label in a column of its own, then its value.
 * `small`: closer rows in smaller type, for a card's side; `plain`: values in the text's own
 * weight (notes, not names). A feature's `className` may set the label column's width
 * (`--fact-label`, 120px unless it does).
 */
export function FactGrid({
  className,
  small = false,
  plain = false,
  children,
}: {
  className?: string;
  small?: boolean;
  plain?: boolean;
  children: ReactNode;
}) {
  const classes = [
    'fact-grid',
    small && 'fact-grid--small',
    plain && 'fact-grid--plain',
    className,
  ].filter(Boolean);
  return <dl className={classes.join(' ')}>{children}</dl>;
}

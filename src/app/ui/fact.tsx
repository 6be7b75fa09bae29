import type { ReactNode } from 'react';

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

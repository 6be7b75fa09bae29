import type { FormEvent, ReactNode } from 'react';
import { changeFailure } from '../finding-mutations.ts';

/**
 * A finding's form (its answer, a dispute's settlement) as a card: named by its heading
 * (`id`), a failed save said above its fields, which keep what was typed.
 */
export function FindingFormCard({
  id,
  className,
  title,
  onSubmit,
  failed,
  error,
  children,
}: {
  id: string;
  className: string;
  title: string;
  onSubmit: (event: FormEvent) => void;
  failed: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <form
      className={`finding-card ${className}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={id}
    >
      <h2 className="finding-card__title" id={id}>
        {title}
      </h2>
      {failed && (
        <p className="finding-alert" role="alert">
          {changeFailure(error)}
        </p>
      )}
      {children}
    </form>
  );
}

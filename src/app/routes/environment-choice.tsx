import { useId } from 'react';
import type { Environment } from '../../contract/session.ts';

const LABELS: Record<Environment, string> = { production: 'Production', staging: 'Staging' };
const HINTS: Record<Environment, string> = {
  production: 'The live service and its data.',
  staging: 'The staging service: for trying things out. Nothing done there reaches production.',
};

/**
 * Production or staging (ADR 015), as native radios drawn as a segmented control: arrow
 * keys move between them and the group is announced with its legend.
 */
export function EnvironmentChoice({
  options,
  value,
  onChange,
}: {
  options: readonly Environment[];
  value: Environment;
  onChange: (environment: Environment) => void;
}) {
  const hintId = useId();
  return (
    <fieldset className="env-choice" aria-describedby={hintId}>
      <legend className="env-choice__legend">Environment</legend>
      <div className="env-choice__options">
        {options.map((option) => (
          <label className="env-choice__option" key={option}>
            <input
              className="env-choice__input"
              type="radio"
              name="environment"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <svg className="env-choice__check" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3.5 8.5l3 3 6-7" />
            </svg>
            {LABELS[option]}
          </label>
        ))}
      </div>
      <p className="env-choice__hint" id={hintId}>
        {HINTS[value]}
      </p>
    </fieldset>
  );
}

import { useId, type ReactNode } from 'react';
import './choice-cards.css';
import './field.css';

/** One choice of a `ChoiceCards` group: its value, its name, and a line of what it means. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: ReactNode;
  /** Not to be chosen now; `describedBy` names what says why. */
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
}

/**
 * A choice of a few, each a card with its hint, as radio buttons in a fieldset (a finding's
 * answer, a dispute's settlement, how often to be e-mailed). Side by side, two or `columns`
 * to a row, one above the other on a phone. `error` says, below the cards, that a choice is
 * still to be made.
 */
export function ChoiceCards<T extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
  columns = 2,
}: {
  /** The group's name, for assistive technology (the form's heading says it to the eye). */
  legend: string;
  choices: readonly Choice<T>[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string | undefined;
  columns?: 2 | 3;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <fieldset
        className={`choice-cards${columns === 3 ? ' choice-cards--3' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="visually-hidden">{legend}</legend>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`choice-cards__option${choice.disabled ? ' choice-cards__option--off' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-choice`}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              aria-describedby={choice.disabled ? choice.describedBy : undefined}
              onChange={() => onChange(choice.value)}
            />
            <span>
              <strong>{choice.label}</strong>
              <span className="choice-cards__hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );
}

import { useId, useState, type Ref } from 'react';

/**
 * The SSN or EIN, masked, never autofilled and uncontrolled: the number lives only in this
 * input element (not in React state, a cache, storage or the URL) until it is read once to
 * send. The form empties the input after a successful save.
 */
export function SsnField({
  inputRef,
  error,
}: {
  inputRef: Ref<HTMLInputElement>;
  error?: string | undefined;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        SSN or EIN
      </label>
      <div className="acc-ssn">
        <input
          ref={inputRef}
          id={id}
          name="taxId"
          className="field__input acc-ssn__input"
          type={shown ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          // Digits and dashes only; anything else typed or pasted is dropped.
          onInput={(e) => {
            const input = e.currentTarget;
            const clean = input.value.replace(/[^\d-]/g, '');
            if (clean !== input.value) input.value = clean;
          }}
        />
        <button
          type="button"
          className="button button--ghost acc-ssn__toggle"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        9 digits. Sent once and stored encrypted: afterwards only the last four digits are shown.
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

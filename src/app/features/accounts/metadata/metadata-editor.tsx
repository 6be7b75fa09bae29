import { useId, useRef, useState } from 'react';
import {
  METADATA_KEY_MAX,
  METADATA_MAX_KEYS,
  METADATA_VALUE_MAX,
} from '../../../../contract/accounts.ts';
import { Button } from '../../../ui/button.tsx';
import { canAddRow, newRow, rowErrors, type MetadataRow } from './metadata-rows.ts';
import '../accounts.css';
import './metadata-editor.css';

// Counters show only near a limit: a field that counts from the first letter is noise.
function Counter({ length, max, id }: { length: number; max: number; id: string }) {
  if (length < max * 0.8) return null;
  return (
    <span id={id} className={`acc-md-count${length > max ? ' acc-md-count--over' : ''}`}>
      {length}/{max}
    </span>
  );
}

/** One box of a row, its key or its value: the label, the input with its counter, its error. */
function MetadataCell({
  id,
  label,
  value,
  length,
  max,
  error,
  isKey = false,
  autoFocus,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** What counts against `max`. */
  length: number;
  max: number;
  error: string | undefined;
  /** A key: not spell-checked. */
  isKey?: boolean;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  const describedBy = [error ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className="acc-md__cell">
      <label className="acc-md__label" htmlFor={id}>
        {label}
      </label>
      <div className="acc-md__input-wrap">
        <input
          id={id}
          className="field__input"
          value={value}
          autoComplete="off"
          spellCheck={isKey ? false : undefined}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <Counter id={`${id}-count`} length={length} max={max} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Key/value rows with the service's limits enforced as they are typed: no 51st row, and a key
 * past 40 characters or a value past 500 is marked at once (and the form will not send it).
 * `submitted` also shows what is missing (a key without a value), once saving was tried.
 */
export function MetadataEditor({
  rows,
  onChange,
  submitted,
  error,
  hideLegend = false,
}: {
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  submitted: boolean;
  error?: string | undefined;
  /** When a heading above already says "Metadata". */
  hideLegend?: boolean;
}) {
  const base = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [added, setAdded] = useState<number | null>(null);
  const errors = rowErrors(rows, { complete: submitted });
  const full = !canAddRow(rows);

  const update = (id: number, change: Partial<MetadataRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const add = () => {
    if (full) return;
    const row = newRow();
    setAdded(row.id);
    onChange([...rows, row]);
  };
  const remove = (id: number) => {
    onChange(rows.filter((row) => row.id !== id));
    // After the render that re-enables it, when the list was full.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <fieldset className="acc-fieldset" aria-describedby={`${base}-hint ${base}-count`}>
      <legend className={hideLegend ? 'visually-hidden' : 'acc-md__legend section-title'}>
        Metadata
      </legend>
      <p id={`${base}-hint`} className="field__hint">
        Your own key/value pairs for reporting. Up to {METADATA_MAX_KEYS} keys; keys up to{' '}
        {METADATA_KEY_MAX} characters, values up to {METADATA_VALUE_MAX}.
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="acc-md__rows">
          {rows.map((row, index) => {
            const n = index + 1;
            const found = errors.get(row.id) ?? {};
            const ids = {
              key: `${base}-k${row.id}`,
              value: `${base}-v${row.id}`,
            };
            return (
              <li key={row.id} className="acc-md__row">
                <MetadataCell
                  id={ids.key}
                  label={`Key ${n}`}
                  value={row.key}
                  length={row.key.trim().length}
                  max={METADATA_KEY_MAX}
                  error={found.key}
                  isKey
                  autoFocus={row.id === added}
                  onChange={(key) => update(row.id, { key })}
                />
                <MetadataCell
                  id={ids.value}
                  label={`Value ${n}`}
                  value={row.value}
                  length={row.value.length}
                  max={METADATA_VALUE_MAX}
                  error={found.value}
                  onChange={(value) => update(row.id, { value })}
                />
                <Button
                  variant="ghost"
                  className="acc-md__remove"
                  aria-label={row.key.trim() ? `Remove key ${row.key.trim()}` : `Remove row ${n}`}
                  onClick={() => remove(row.id)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="acc-md__foot">
        <button
          ref={addRef}
          type="button"
          className="button button--secondary"
          onClick={add}
          disabled={full}
        >
          Add key
        </button>
        <p id={`${base}-count`} className="acc-md__total" aria-live="polite">
          {rows.length} of {METADATA_MAX_KEYS} keys
          {full ? ': the most an entity may hold' : ''}
        </p>
      </div>
    </fieldset>
  );
}

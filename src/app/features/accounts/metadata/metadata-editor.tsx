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
            const describe = (id: string, hasError: boolean) =>
              [hasError ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ');
            return (
              <li key={row.id} className="acc-md__row">
                <div className="acc-md__cell">
                  <label className="acc-md__label" htmlFor={ids.key}>
                    Key {n}
                  </label>
                  <div className="acc-md__input-wrap">
                    <input
                      id={ids.key}
                      className="field__input"
                      value={row.key}
                      autoComplete="off"
                      spellCheck={false}
                      autoFocus={row.id === added}
                      aria-invalid={found.key ? true : undefined}
                      aria-describedby={describe(ids.key, Boolean(found.key))}
                      onChange={(e) => update(row.id, { key: e.target.value })}
                    />
                    <Counter
                      id={`${ids.key}-count`}
                      length={row.key.trim().length}
                      max={METADATA_KEY_MAX}
                    />
                  </div>
                  {found.key && (
                    <p id={`${ids.key}-error`} className="field__error">
                      {found.key}
                    </p>
                  )}
                </div>
                <div className="acc-md__cell">
                  <label className="acc-md__label" htmlFor={ids.value}>
                    Value {n}
                  </label>
                  <div className="acc-md__input-wrap">
                    <input
                      id={ids.value}
                      className="field__input"
                      value={row.value}
                      autoComplete="off"
                      aria-invalid={found.value ? true : undefined}
                      aria-describedby={describe(ids.value, Boolean(found.value))}
                      onChange={(e) => update(row.id, { value: e.target.value })}
                    />
                    <Counter
                      id={`${ids.value}-count`}
                      length={row.value.length}
                      max={METADATA_VALUE_MAX}
                    />
                  </div>
                  {found.value && (
                    <p id={`${ids.value}-error`} className="field__error">
                      {found.value}
                    </p>
                  )}
                </div>
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

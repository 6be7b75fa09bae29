import { useId } from 'react';
import { EntityTypeSchema, type EntityType } from '../../../../contract/accounts.ts';
import { ROLE_LABELS } from '../format.ts';

/** The entity's role on the account; '' until one is chosen, which the check refuses. */
export function RoleSelect({
  value,
  error,
  onChange,
}: {
  value: EntityType | '';
  error: string | undefined;
  onChange: (type: EntityType | '') => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Role on the account
      </label>
      <select
        id={id}
        name="type"
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const parsed = EntityTypeSchema.safeParse(e.target.value);
          onChange(parsed.success ? parsed.data : '');
        }}
      >
        <option value="">Choose a role…</option>
        {(Object.keys(ROLE_LABELS) as EntityType[]).map((type) => (
          <option key={type} value={type}>
            {ROLE_LABELS[type]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

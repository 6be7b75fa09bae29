import { EntityTypeSchema, type EntityType } from '../../../../contract/accounts.ts';
import { SelectField } from '../../../ui/field.tsx';
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
  return (
    <SelectField
      label="Role on the account"
      name="type"
      value={value}
      error={error}
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
    </SelectField>
  );
}

import { useId } from 'react';
import { CHECK_NAMES, CHECKS } from '../../../../contract/checks.ts';
import '../../../ui/control.css';
import type { BindingChoice } from './machine-binding.ts';

/**
 * An item's machine check (ADR 042), beside its severity (severity-fields.tsx): one of the
 * machine's checks, or none. `suggested` marks a choice that stands because no manager has
 * saved a binding yet: the one the item's name suggests, which the gateway uses meanwhile.
 */
export function MachineCheckSelect({
  name,
  value,
  suggested,
  onChange,
}: {
  name: string;
  value: BindingChoice;
  suggested: boolean;
  onChange: (choice: BindingChoice) => void;
}) {
  const suggestedId = useId();
  return (
    <span className="machine-check">
      <select
        className="control machine-check__select"
        aria-label={`Machine check for ${name}`}
        aria-describedby={suggested ? suggestedId : undefined}
        title="Machine check"
        value={value}
        onChange={(event) => {
          const choice = CHECKS.find((check) => check === event.target.value);
          onChange(choice ?? '');
        }}
      >
        <option value="">No machine check</option>
        {CHECKS.map((check) => (
          <option key={check} value={check}>
            {CHECK_NAMES[check]}
          </option>
        ))}
      </select>
      {suggested && (
        <span id={suggestedId} className="machine-check__suggested">
          Suggested
        </span>
      )}
    </span>
  );
}

import type { Ref } from 'react';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string;
  /** The option meaning "no filter" (value ''); absent for a choice that always has a value. */
  anyLabel?: string;
  options: readonly FilterOption[];
  /** A second group below the first, e.g. archived processes. */
  more?: { label: string; options: readonly FilterOption[] };
  onChange: (value: string) => void;
  ref?: Ref<HTMLSelectElement>;
}

/** A filter of the queue: "any" first, then the owner's own list (and its archived part). */
export function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  more,
  onChange,
  ref,
}: FilterSelectProps) {
  // A value from a shared link that the lists do not (yet) hold still shows as chosen.
  const known =
    value === '' || [...options, ...(more?.options ?? [])].some((o) => o.value === value);
  return (
    <ToolbarSelect
      ref={ref}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {!known && <option value={value}>Selected {label.toLowerCase()}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {more && more.options.length > 0 && (
        <optgroup label={more.label}>
          {more.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      )}
    </ToolbarSelect>
  );
}

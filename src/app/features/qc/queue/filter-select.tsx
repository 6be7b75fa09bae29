import { useId, type Ref } from 'react';

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

/** A labelled native select: keyboard and screen-reader behaviour come with the platform. */
export function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  more,
  onChange,
  ref,
}: FilterSelectProps) {
  const id = useId();
  // A value from a shared link that the lists do not (yet) hold still shows as chosen.
  const known =
    value === '' || [...options, ...(more?.options ?? [])].some((o) => o.value === value);
  return (
    <div className="qc-filter">
      <label className="qc-filter__label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="qc-filter__select"
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
      </select>
    </div>
  );
}

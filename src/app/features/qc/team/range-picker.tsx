import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
import { lastDays, PRESETS, presetOf, rangeProblem, type TeamRange } from './team-range.ts';

interface RangePickerProps {
  range: TeamRange;
  today: string;
  onChange: (range: { from: string; to: string }) => void;
}

function DayInput({
  label,
  value,
  onChange,
  ...limits
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const id = useId();
  return (
    <div className="toolbar-field range-picker__day">
      <label className="toolbar-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="toolbar-field__control"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...limits}
      />
    </div>
  );
}

/**
 * The days the view covers: a preset applies at once; days typed by hand apply with the
 * button, so the figures are not asked for at every keystroke. The parent keys it by the
 * range, so the fields start again from a range chosen elsewhere (Back, a shared link).
 */
export function RangePicker({ range, today, onChange }: RangePickerProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string>();
  const errorId = useId();
  const changed = from !== range.from || to !== range.to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeProblem(from, to);
    setError(problem);
    if (!problem) onChange({ from, to });
  };
  const choose = (key: string) => {
    const preset = PRESETS.find((p) => p.key === key);
    if (preset) onChange(lastDays(preset.days, today));
  };

  return (
    <form
      className="range-picker"
      aria-label="Days covered"
      aria-describedby={error ? errorId : undefined}
      onSubmit={apply}
      // The days are checked here and the reason said beside them, not in a browser bubble.
      noValidate
    >
      <ToolbarSelect
        label="Range"
        value={changed ? 'custom' : presetOf(range, today)}
        onChange={(e) => choose(e.target.value)}
      >
        {PRESETS.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
        <option value="custom">Custom</option>
      </ToolbarSelect>
      <DayInput label="From" value={from} max={to || today} onChange={setFrom} />
      <DayInput label="To" value={to} min={from} max={today} onChange={setTo} />
      <Button type="submit" disabled={!changed}>
        Apply
      </Button>
      {error && (
        <p className="range-picker__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

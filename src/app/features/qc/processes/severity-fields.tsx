import { useId, type ReactNode } from 'react';
import { SEVERITIES, type Severity } from '../../../../contract/findings.ts';
import type { QcChecklist } from '../../../../contract/qc.ts';
import '../../../ui/row-box.css';

// Each check's severity (ADR 029), chosen per item of the process's checklist: a finding of
// that check is raised at least this severe. One radio group per check, so the arrow keys
// move along it and Tab goes to the next check. Beside it, the machine's check of the item
// (ADR 042, machine-check-select.tsx).

const LABELS: Record<Severity, string> = { minor: 'Minor', major: 'Major', critical: 'Critical' };

/** The checklist's items by group, in its order; a name twice (two roles) is listed once. */
export function checksByGroup(checklist: QcChecklist | undefined): [string, string[]][] {
  const groups = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const item of checklist?.items ?? []) {
    if (seen.has(item.displayName)) continue;
    seen.add(item.displayName);
    const group = item.group || 'Other';
    groups.set(group, [...(groups.get(group) ?? []), item.displayName]);
  }
  return [...groups];
}

function SeverityRow({
  name,
  value,
  onChange,
  machine,
}: {
  name: string;
  value: Severity;
  onChange: (severity: Severity) => void;
  /** The item's machine check, after its severity. */
  machine?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="row-box__row">
      <span className="severity-row__name" id={`${id}-name`}>
        {name}
      </span>
      <span className="severity-row__controls">
        <span className="severity-choice" role="radiogroup" aria-labelledby={`${id}-name`}>
          {[...SEVERITIES].reverse().map((severity) => (
            <label key={severity} className="severity-choice__option" data-severity={severity}>
              <input
                type="radio"
                name={id}
                value={severity}
                checked={value === severity}
                onChange={() => onChange(severity)}
              />
              <span>{LABELS[severity]}</span>
            </label>
          ))}
        </span>
        {machine}
      </span>
    </div>
  );
}

export function SeverityFields({
  checklist,
  severities,
  error,
  onChange,
  machine,
  machineHint,
}: {
  checklist: QcChecklist | undefined;
  severities: Readonly<Record<string, Severity>>;
  error?: string | undefined;
  onChange: (name: string, severity: Severity) => void;
  /** An item's machine check (ADR 042), beside its severity. */
  machine?: (name: string) => ReactNode;
  machineHint?: string;
}) {
  const groups = checksByGroup(checklist);
  const headingId = useId();
  return (
    <section className="severity-fields" aria-labelledby={headingId}>
      <h3 className="settings-heading" id={headingId}>
        Each check: its severity and the machine's check
      </h3>
      <p className="field__hint">
        A failed check becomes a finding of this severity; a reviewer may raise it, never lower it.
        Critical findings make the critical defect rate.
      </p>
      {machineHint && <p className="field__hint">{machineHint}</p>}
      {error && <p className="field__error">{error}</p>}
      {groups.length === 0 ? (
        <p className="severity-fields__none">
          {checklist
            ? 'This checklist has no checks.'
            : 'The checklist could not be read: its checks stay as they were saved.'}
        </p>
      ) : (
        groups.map(([group, names]) => (
          <div key={group} className="row-box">
            <p className="severity-group__name">{group}</p>
            {names.map((name) => (
              <SeverityRow
                key={name}
                name={name}
                value={severities[name] ?? 'major'}
                onChange={(severity) => onChange(name, severity)}
                machine={machine?.(name)}
              />
            ))}
          </div>
        ))
      )}
    </section>
  );
}

import {
  Children,
  isValidElement,
  useId,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import './control.css';
import './toolbar.css';

interface ToolbarSelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className'
> {
  label: string;
  /** For assistive technology only, where the options name themselves ("Newest first"). */
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select for a list's toolbar (ui/toolbar.css): keyboard and screen-reader
 * behaviour come with the platform. The options are its children.
 *
 * Rendered in the gateway for a first visit's page (ADR 025), it is its chosen option's
 * text in the select's box instead: a page whose markup holds a form control is laid out once
 * more by Chromium as it finishes parsing, before its stylesheets are in, which held up the
 * page's first paint. That screen is disabled until the app replaces it with the select.
 */
export function ToolbarSelect({ label, hideLabel = false, children, ...rest }: ToolbarSelectProps) {
  const id = useId();
  const labelClass = hideLabel ? 'visually-hidden' : 'toolbar-field__label';
  if (typeof window === 'undefined') {
    return (
      <div className="toolbar-field">
        <span className={labelClass}>{label}</span>
        <span className="toolbar-field__select">
          <span className="toolbar-field__control toolbar-field__control--static">
            {chosenLabel(children, rest.value ?? rest.defaultValue)}
          </span>
        </span>
      </div>
    );
  }
  return (
    <div className="toolbar-field">
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <span className="toolbar-field__select">
        <select id={id} className="toolbar-field__control" {...rest}>
          {children}
        </select>
      </span>
    </div>
  );
}

interface OptionProps {
  value?: unknown;
  children?: ReactNode;
}

/** The text of the option a select shows for `value`: its first option's without one. */
function chosenLabel(children: ReactNode, value: unknown): ReactNode {
  const options: OptionProps[] = [];
  const collect = (nodes: ReactNode) => {
    for (const node of Children.toArray(nodes)) {
      if (!isValidElement<OptionProps>(node)) continue;
      if (node.type === 'option') options.push(node.props);
      else collect(node.props.children);
    }
  };
  collect(children);
  const wanted = value === undefined ? undefined : String(value);
  return (options.find((o) => String(o.value ?? '') === wanted) ?? options[0])?.children;
}

/** A list's toolbar of options (order, page size), named for assistive technology. */
export function ListOptions({ children }: { children: ReactNode }) {
  return (
    <div className="toolbar" role="group" aria-label="List options">
      {children}
    </div>
  );
}

/** The "Per page" select of a list's toolbar: one option per size. */
export function PageSizeSelect({
  sizes,
  value,
  onChange,
}: {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <ToolbarSelect
      label="Per page"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {sizes.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </ToolbarSelect>
  );
}

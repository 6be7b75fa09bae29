import { useId, type Ref, type SelectHTMLAttributes } from 'react';
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
 */
export function ToolbarSelect({ label, hideLabel = false, children, ...rest }: ToolbarSelectProps) {
  const id = useId();
  return (
    <div className="toolbar-field">
      <label className={hideLabel ? 'visually-hidden' : 'toolbar-field__label'} htmlFor={id}>
        {label}
      </label>
      <select id={id} className="toolbar-field__control" {...rest}>
        {children}
      </select>
    </div>
  );
}

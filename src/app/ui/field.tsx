import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './control.css';
import './field.css';

/** What every field has around its control: a label, a hint and an error. */
interface Frame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The label's class, when it is not the plain field label (a section's title, say). */
  labelClassName?: string;
}

export interface FieldProps extends Frame, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export interface TextAreaFieldProps extends Frame, TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export interface SelectFieldProps extends Frame, SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** What the control carries: its id, its class, and what describes it (its hint and error). */
interface Control {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The frame's own props apart from the control's. */
function split<P extends Frame & { id?: string | undefined }>(props: P) {
  const { label, hint, error, labelClassName, id, ...control } = props;
  return { frame: { label, hint, error, labelClassName, id }, control };
}

function FieldFrame({
  label,
  hint,
  error,
  labelClassName = 'field__label',
  id,
  children,
}: Frame & { id: string | undefined; children: (control: Control) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="field">
      <label className={labelClassName} htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose hint and error are announced with it. */
export function Field(props: FieldProps) {
  const { frame, control } = split(props);
  return <FieldFrame {...frame}>{(own) => <input {...own} {...control} />}</FieldFrame>;
}

/** A labelled textarea whose hint and error are announced with it. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = split(props);
  return <FieldFrame {...frame}>{(own) => <textarea {...own} {...control} />}</FieldFrame>;
}

/** A labelled select (its options as children) whose hint and error are announced with it. */
export function SelectField(props: SelectFieldProps) {
  const { frame, control } = split(props);
  return <FieldFrame {...frame}>{(own) => <select {...own} {...control} />}</FieldFrame>;
}

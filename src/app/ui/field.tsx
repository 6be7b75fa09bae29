import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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

/** The control's id and what describes it: its hint and its error, announced with it. */
function useFieldIds(id: string | undefined, { hint, error }: Frame) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control = {
    id: controlId,
    className: 'field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return { control, hintId, errorId };
}

function FieldFrame({
  label,
  hint,
  error,
  labelClassName = 'field__label',
  controlId,
  hintId,
  errorId,
  children,
}: Frame & {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className={labelClassName} htmlFor={controlId}>
        {label}
      </label>
      {children}
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
export function Field({ label, hint, error, labelClassName, id, ...rest }: FieldProps) {
  const frame = { label, hint, error, labelClassName };
  const { control, hintId, errorId } = useFieldIds(id, frame);
  return (
    <FieldFrame {...frame} controlId={control.id} hintId={hintId} errorId={errorId}>
      <input {...control} {...rest} />
    </FieldFrame>
  );
}

/** A labelled textarea whose hint and error are announced with it. */
export function TextAreaField({
  label,
  hint,
  error,
  labelClassName,
  id,
  ...rest
}: TextAreaFieldProps) {
  const frame = { label, hint, error, labelClassName };
  const { control, hintId, errorId } = useFieldIds(id, frame);
  return (
    <FieldFrame {...frame} controlId={control.id} hintId={hintId} errorId={errorId}>
      <textarea {...control} {...rest} />
    </FieldFrame>
  );
}

/** A labelled select (its options as children) whose hint and error are announced with it. */
export function SelectField({ label, hint, error, labelClassName, id, ...rest }: SelectFieldProps) {
  const frame = { label, hint, error, labelClassName };
  const { control, hintId, errorId } = useFieldIds(id, frame);
  return (
    <FieldFrame {...frame} controlId={control.id} hintId={hintId} errorId={errorId}>
      <select {...control} {...rest} />
    </FieldFrame>
  );
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './control.css';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  /** While an answer is awaited: the button is disabled and says so (`pendingLabel`). */
  pending?: boolean;
  /** What a pending button says, e.g. "Creating…". */
  pendingLabel?: ReactNode;
}

export function Button({
  variant = 'secondary',
  block,
  className,
  type = 'button',
  pending = false,
  pendingLabel = 'Saving…',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? ''];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || pending}
      {...rest}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** A form's submit: the primary button, pending while its save is awaited. */
export function SubmitButton(props: Omit<ButtonProps, 'type' | 'variant'>) {
  return <Button {...props} type="submit" variant="primary" />;
}

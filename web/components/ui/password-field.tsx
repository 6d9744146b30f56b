import type { InputHTMLAttributes, Ref } from 'react';
import { describedBy, Field } from './field.tsx';
import { PasswordInput } from './password-input.tsx';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  testId: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled password input with a show/hide toggle, its hint or error wired through aria-describedby. */
export function PasswordField({ id, label, error, hint, className, testId, ...props }: PasswordFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <PasswordInput id={id} invalid={Boolean(error)} testId={testId} {...describedBy(id, error, hint)} {...props} />
    </Field>
  );
}

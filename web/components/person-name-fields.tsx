import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './ui/field.tsx';

interface PersonNameFieldsProps {
  /** Prefix of the inputs' ids (`${id}-first`, `${id}-last`). */
  id: string;
  labels: { first: string; last: string };
  errors: { first: string | undefined; last: string | undefined };
  /** Prefix of the inputs' test ids (`${testIdPrefix}-first-name`, `${testIdPrefix}-last-name`). */
  testIdPrefix: string;
  register: { first: UseFormRegisterReturn; last: UseFormRegisterReturn };
}

/** The required first and last name inputs of a person (sign-up, profile), with the browser's name autofill. */
export function PersonNameFields({ id, labels, errors, testIdPrefix, register }: PersonNameFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-first`}
        label={labels.first}
        error={errors.first}
        autoComplete="given-name"
        aria-required="true"
        data-testid={`${testIdPrefix}-first-name`}
        {...register.first}
      />
      <TextField
        id={`${id}-last`}
        label={labels.last}
        error={errors.last}
        autoComplete="family-name"
        aria-required="true"
        data-testid={`${testIdPrefix}-last-name`}
        {...register.last}
      />
    </>
  );
}

import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { latestAdultBirthDate } from '../../core/sign-up-rules.ts';
import { TextField } from './ui/field.tsx';

type BirthDateFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'max' | 'autoComplete' | 'hint'>;

/** A date of birth: the picker stops at the latest date of an adult (members must be 18), which the hint says. */
export function BirthDateField(props: BirthDateFieldProps) {
  const { t } = useTranslation();
  const max = useMemo(() => latestAdultBirthDate(new Date()), []);
  return <TextField type="date" max={max} autoComplete="bday" hint={t('auth.mustBe18')} {...props} />;
}

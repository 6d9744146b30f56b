import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { inputClasses } from './field.tsx';

type PasswordInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  invalid: boolean;
  testId: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a show/hide toggle at the inline end. */
export function PasswordInput({ id, invalid, testId, ...rest }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input id={id} type={visible ? 'text' : 'password'} data-testid={testId} className={inputClasses(invalid, 'pe-11')} {...rest} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:text-white"
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}

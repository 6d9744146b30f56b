import { useTranslation } from '../i18n/use-translation.tsx';

/** Translates a form message that is a translation key (zod messages, check results) for display. */
export function useMessage() {
  const { t } = useTranslation();
  return (key: string | undefined) => (key ? (t as unknown as (key: string) => string)(key) : undefined);
}

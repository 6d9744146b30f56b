import { useTranslation } from '../i18n/use-translation.tsx';

/** Translates a form message that is a translation key (zod messages, check results) for display. */
export function useMessage() {
  const { i18n } = useTranslation();
  return (key: string | undefined) => (key ? i18n.translateKey(key) : undefined);
}

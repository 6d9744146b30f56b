import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';

/** Sets the tab title to '<title> · Lina' (translated). */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

import { Globe } from 'lucide-react';
import { useLocation } from 'react-router';
import { localizePath, type Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../ui/button.tsx';

export const languageNames: Record<Language, string> = { en: 'English', he: 'עברית' };

/**
 * Switches to the other language, keeping path, query and hash. A link to the same page in that
 * language, so that it works before the scripts have run (issue 40); once they have, the switch
 * happens in place (no new page load).
 */
export function LanguageToggle({ className, testId = 'nav-language-switcher' }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const { language, switchLanguage } = useLanguage();
  const { pathname, search, hash } = useLocation();
  const other: Language = language === 'he' ? 'en' : 'he';
  return (
    <a
      href={localizePath(pathname, other) + search + hash}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        switchLanguage(other);
      }}
      hrefLang={other}
      lang={other}
      title={t('language.switchTo', { language: languageNames[other] })}
      data-testid={testId}
      className={buttonClasses('ghost', 'sm', cn('gap-1.5 px-2.5', className))}
    >
      <Globe className="size-4" aria-hidden="true" />
      <span>{languageNames[other]}</span>
    </a>
  );
}

import {
  BadgeCheck,
  Banknote,
  Camera,
  FileCheck,
  Home,
  IdCard,
  MessageSquare,
  Scale,
  ShieldCheck,
  Sparkles,
  Star,
  Tag,
  UserCheck,
  Users,
} from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { InfoCard, InfoPage, InfoSection, InfoTile } from '../../components/info-page/info-page.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { entriesOf } from '../../lib/entries-of.ts';

/** Each list's keys name its translations; the icon stands beside the text. */
const benefits = entriesOf({ income: Banknote, people: Users, protection: ShieldCheck, reputation: Star });
const steps = entriesOf({ create: Camera, price: Tag, verify: BadgeCheck, welcome: Home });
const requirements = entriesOf({
  id: IdCard,
  proof: FileCheck,
  background: UserCheck,
  communication: MessageSquare,
  standards: Sparkles,
  regulations: Scale,
});

export default function BecomeHostPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon={Sparkles} title={t('becomeHostPage.title')} intro={t('becomeHostPage.intro')} testId="page-become-host">
      <InfoSection id="host-benefits" title={t('becomeHostPage.benefitsTitle')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="host-benefits">
          {benefits.map(([key, icon]) => (
            <InfoCard
              key={key}
              icon={icon}
              title={t(`becomeHostPage.benefits.${key}.title`)}
              text={t(`becomeHostPage.benefits.${key}.text`)}
            />
          ))}
        </div>
      </InfoSection>

      <InfoSection id="host-steps" title={t('becomeHostPage.stepsTitle')}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="host-steps">
          {steps.map(([key, Icon], index) => (
            <Card as="li" key={key} className="relative flex flex-col gap-3 p-6 shadow-xs">
              <div className="flex items-center gap-3">
                <span
                  className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-brand-500 dark:text-slate-950"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <Icon className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              </div>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t(`becomeHostPage.steps.${key}.title`)}</h3>
              <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t(`becomeHostPage.steps.${key}.text`)}</p>
            </Card>
          ))}
        </ol>
      </InfoSection>

      <InfoSection id="host-requirements" title={t('becomeHostPage.requirementsTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="host-requirements">
          {requirements.map(([key, Icon]) => (
            <InfoTile
              key={key}
              icon={Icon}
              title={t(`becomeHostPage.requirements.${key}.title`)}
              text={t(`becomeHostPage.requirements.${key}.text`)}
            />
          ))}
        </ul>
      </InfoSection>

      <section
        aria-labelledby="host-cta"
        className="flex flex-col items-start gap-4 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 dark:bg-brand-900"
      >
        <h2 id="host-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('becomeHostPage.ctaTitle')}
        </h2>
        <p className="max-w-2xl text-brand-50">{t('becomeHostPage.ctaText')}</p>
        <div className="flex flex-wrap gap-3">
          {/* The spec's two calls to action lead somewhere real: into the listing wizard (sign-in first for visitors) and to our team. */}
          <LocalizedLink to="/host/listings/new" className={buttonClasses('secondary', 'lg')} data-testid="host-cta-start">
            {t('becomeHostPage.ctaPrimary')}
          </LocalizedLink>
          <LocalizedLink
            to="/contact"
            className={buttonClasses('ghost', 'lg', 'text-white hover:bg-white/10 hover:text-white dark:text-white dark:hover:bg-white/10')}
            data-testid="host-cta-contact"
          >
            {t('becomeHostPage.ctaSecondary')}
          </LocalizedLink>
        </div>
      </section>
    </InfoPage>
  );
}

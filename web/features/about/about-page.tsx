import { Eye, Heart, Info, MapPin, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { localeOf } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { InfoCard, InfoPage, InfoSection } from '../../components/info-page/info-page.tsx';
import { Card } from '../../components/ui/card.tsx';

const stats = [
  { key: 'guests', value: 12000, suffix: '+' },
  { key: 'listings', value: 1500, suffix: '+' },
  { key: 'cities', value: 45, suffix: '' },
  { key: 'rating', value: 4.8, suffix: '/5' },
] as const;

const values = [
  { key: 'trust', icon: ShieldCheck },
  { key: 'clarity', icon: Eye },
  { key: 'local', icon: MapPin },
  { key: 'care', icon: Heart },
] as const;

const team = ['noa', 'amir', 'yael', 'daniel'] as const;

export default function AboutPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(localeOf(language));
  return (
    <InfoPage icon={Info} title={t('aboutPage.title')} intro={t('aboutPage.intro')} testId="page-about">
      <InfoSection id="about-stats" title={t('aboutPage.statsTitle')}>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="about-stats">
          {stats.map(({ key, value, suffix }) => (
            <Card key={key} className="flex flex-col-reverse gap-1 p-6 text-center">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`aboutPage.stats.${key}`)}</dt>
              <dd className="text-3xl font-bold text-brand-800 dark:text-brand-300" dir="ltr">
                {number.format(value)}
                {suffix}
              </dd>
            </Card>
          ))}
        </dl>
      </InfoSection>

      <InfoSection id="about-story" title={t('aboutPage.storyTitle')}>
        <div className="flex max-w-3xl flex-col gap-4 text-lg leading-8 text-slate-700 dark:text-slate-300" data-testid="about-story">
          <p>{t('aboutPage.story.p1')}</p>
          <p>{t('aboutPage.story.p2')}</p>
          <p>{t('aboutPage.story.p3')}</p>
        </div>
      </InfoSection>

      <InfoSection id="about-values" title={t('aboutPage.valuesTitle')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="about-values">
          {values.map(({ key, icon }) => (
            <InfoCard key={key} icon={icon} title={t(`aboutPage.values.${key}.title`)} text={t(`aboutPage.values.${key}.text`)} />
          ))}
        </div>
      </InfoSection>

      <InfoSection id="about-team" title={t('aboutPage.teamTitle')}>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="about-team">
          {team.map((key) => {
            const name = t(`aboutPage.team.${key}.name`);
            return (
              <Card as="li" key={key} className="flex flex-col items-center gap-3 p-6 text-center">
                <span
                  className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-indigo-500 text-xl font-bold text-white"
                  aria-hidden="true"
                >
                  {name.charAt(0)}
                </span>
                <div className="flex flex-col gap-0.5">
                  <h3 className="font-semibold text-slate-900 dark:text-white">{name}</h3>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{t(`aboutPage.team.${key}.role`)}</p>
                </div>
              </Card>
            );
          })}
        </ul>
      </InfoSection>
    </InfoPage>
  );
}

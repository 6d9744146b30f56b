import {
  ArrowLeftRight,
  Banknote,
  CalendarRange,
  Check,
  Headphones,
  Languages,
  LayoutGrid,
  MessageSquare,
  Moon,
  PawPrint,
  Search,
  ShieldCheck,
  Sparkles,
  Wrench,
  X,
} from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { InfoCard, InfoPage, InfoSection, InfoTile } from '../../components/info-page/info-page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { entriesOf } from '../../lib/entries-of.ts';

/** Each list's keys name its translations; the icon stands beside the text. */
const groups = entriesOf({ search: Search, trust: ShieldCheck, booking: CalendarRange, hosting: Wrench });
const extras = entriesOf({
  bilingual: Languages,
  shekels: Banknote,
  swap: ArrowLeftRight,
  pets: PawPrint,
  flexible: CalendarRange,
  messaging: MessageSquare,
  darkMode: Moon,
  support: Headphones,
});

/** Lina's column is always yes; what typical listing sites offer, as we see it. */
const comparison = [
  { key: 'verified', others: false },
  { key: 'hebrew', others: false },
  { key: 'sublets', others: true },
  { key: 'shekels', others: true },
  { key: 'swaps', others: false },
  { key: 'fees', others: false },
] as const;

function Mark({ yes }: { yes: boolean }) {
  const { t } = useTranslation();
  return yes ? (
    <span className="inline-flex items-center gap-1.5 font-medium text-brand-800 dark:text-brand-300">
      <Check className="size-5" aria-hidden="true" />
      <span className="sr-only">{t('featuresPage.included')}</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-slate-500 dark:text-slate-400">
      <X className="size-5" aria-hidden="true" />
      <span className="sr-only">{t('featuresPage.notIncluded')}</span>
    </span>
  );
}

export default function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon={LayoutGrid} title={t('featuresPage.title')} intro={t('featuresPage.intro')} testId="page-features">
      <InfoSection id="feature-groups" title={t('featuresPage.groupsTitle')}>
        <div className="grid gap-4 md:grid-cols-2" data-testid="feature-groups">
          {groups.map(([key, icon]) => (
            <InfoCard key={key} icon={icon} title={t(`featuresPage.groups.${key}.title`)} text={t(`featuresPage.groups.${key}.text`)}>
              <ul className="flex flex-col gap-2">
                {(['a', 'b', 'c'] as const).map((item) => (
                  <li key={item} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                    {t(`featuresPage.groups.${key}.${item}`)}
                  </li>
                ))}
              </ul>
            </InfoCard>
          ))}
        </div>
      </InfoSection>

      <InfoSection id="feature-extras" title={t('featuresPage.extrasTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="feature-extras">
          {extras.map(([key, Icon]) => (
            <InfoTile
              key={key}
              icon={Icon}
              compact
              title={t(`featuresPage.extras.${key}.title`)}
              text={t(`featuresPage.extras.${key}.text`)}
            />
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="feature-comparison" title={t('featuresPage.comparisonTitle')}>
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-start text-sm" data-testid="feature-comparison">
            <caption className="sr-only">{t('featuresPage.comparisonCaption')}</caption>
            <thead className="bg-slate-50 text-slate-900 dark:bg-slate-800 dark:text-white">
              <tr>
                <th scope="col" className="px-5 py-3 text-start font-semibold">
                  {t('featuresPage.feature')}
                </th>
                <th scope="col" className="px-5 py-3 text-center font-semibold">
                  <span className="inline-flex items-center gap-1.5">
                    <Sparkles className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                    {t('featuresPage.lina')}
                  </span>
                </th>
                <th scope="col" className="px-5 py-3 text-center font-semibold">
                  {t('featuresPage.others')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {comparison.map(({ key, others }) => (
                <tr key={key}>
                  <th scope="row" className="px-5 py-3 text-start font-medium text-slate-800 dark:text-slate-200">
                    {t(`featuresPage.rows.${key}`)}
                  </th>
                  <td className="px-5 py-3 text-center">
                    <Mark yes />
                  </td>
                  <td className="px-5 py-3 text-center">
                    <Mark yes={others} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </InfoSection>
    </InfoPage>
  );
}

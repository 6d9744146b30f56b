import { CalendarRange, HeartHandshake, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Card } from '../../components/ui/card.tsx';

/** 'Why choose us': verified, flexible, trusted. */
export function WhyChooseUs() {
  const { t } = useTranslation();
  const features = [
    { key: 'verified', Icon: ShieldCheck, title: t('explore.why.verified.title'), text: t('explore.why.verified.text') },
    { key: 'flexible', Icon: CalendarRange, title: t('explore.why.flexible.title'), text: t('explore.why.flexible.text') },
    { key: 'trusted', Icon: HeartHandshake, title: t('explore.why.trusted.title'), text: t('explore.why.trusted.text') },
  ];
  return (
    <section aria-labelledby="explore-why-title" data-testid="explore-features" className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="explore-why-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t('explore.why.title')}
        </h2>
        <p className="mt-2 text-base text-slate-600 dark:text-slate-400">{t('explore.why.text')}</p>
      </div>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {features.map(({ key, Icon, title, text }) => (
          <Card as="li" key={key} data-testid={`explore-feature-${key}`} className="p-6 shadow-sm">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-900">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}

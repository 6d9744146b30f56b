import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { TaggedText } from '../../components/tagged-text.tsx';
import { timings } from '../../../core/constants.ts';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

const words = ['sublet', 'hotel', 'home'] as const;

/**
 * The hero: 'Find your next {Sublet | Hotel | Home}' with a matching subtitle, the word and subtitle
 * changing every 4000 ms with a 300 ms fade. It holds still for people who ask for reduced motion.
 */
export function RotatingHero() {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (reducedMotion) return;
    let fadeTimer: number | undefined;
    const interval = window.setInterval(() => {
      setFading(true);
      fadeTimer = window.setTimeout(() => {
        setIndex((current) => (current + 1) % words.length);
        setFading(false);
      }, timings.heroFadeMs);
    }, timings.heroRotationMs);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fadeTimer);
    };
  }, [reducedMotion]);

  const word = words[index]!;
  const fade = cn('transition-opacity duration-300 ease-out', fading ? 'opacity-0' : 'opacity-100');
  const wordText = {
    sublet: t('landing.words.sublet'),
    hotel: t('landing.words.hotel'),
    home: t('landing.words.home'),
  }[word];
  const subtitle = {
    sublet: t('landing.subtitles.sublet'),
    hotel: t('landing.subtitles.hotel'),
    home: t('landing.subtitles.home'),
  }[word];

  return (
    <>
      <h1
        className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl md:text-6xl dark:text-white"
        data-testid="landing-hero-title"
      >
        <TaggedText
          text={t('landing.heroTitle', { word: wordText })}
          components={{
            word: (
              <span
                data-testid="landing-hero-word"
                data-word={word}
                className={cn(
                  'inline-block bg-gradient-to-r from-brand-600 to-indigo-600 bg-clip-text text-transparent dark:from-brand-300 dark:to-indigo-300',
                  fade,
                )}
              />
            ),
          }}
        />
      </h1>
      <p
        className={cn('mt-6 min-h-16 max-w-2xl text-lg leading-8 text-pretty text-slate-600 dark:text-slate-300', fade)}
        data-testid="landing-hero-subtitle"
      >
        {subtitle}
      </p>
    </>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { LOGIN_CAROUSEL_INTERVAL_MS } from '@shared/limits';
import { CarouselDots, CarouselPlayButton, CarouselStepButton } from '@client/components/carousel-controls';

export interface CarouselSlide {
  title: string;
  caption: string;
  image: ReactNode;
}

/**
 * The login page's three-slide carousel: advances every 4 s; previous, next, the dots and the
 * play/pause control are manual actions, and any manual action pauses autoplay.
 */
const stepButton =
  'absolute top-[calc(50%-2.5rem)] rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white dark:bg-slate-800/90 dark:text-slate-100';

export function LoginCarousel({ slides }: { slides: CarouselSlide[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = slides.length;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      LOGIN_CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const goTo = (next: number) => {
    setPlaying(false);
    setIndex(((next % count) + count) % count);
  };
  const slide = slides[index]!;

  return (
    <section aria-roledescription="carousel" aria-label="What you get" className="w-full">
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div
          aria-live={playing ? 'off' : 'polite'}
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}: ${slide.title}`}
          className="aspect-[16/9] w-full"
        >
          {slide.image}
        </div>
        <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <h3 className="font-semibold">{slide.title}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{slide.caption}</p>
        </div>
        <CarouselStepButton
          direction="previous"
          onClick={() => goTo(index - 1)}
          className={`left-2 ${stepButton}`}
        />
        <CarouselStepButton
          direction="next"
          onClick={() => goTo(index + 1)}
          className={`right-2 ${stepButton}`}
        />
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <CarouselDots slides={slides} index={index} onSelect={goTo} size="compact" />
        <CarouselPlayButton
          playing={playing}
          onToggle={() => setPlaying((current) => !current)}
          className="rounded-full p-1.5 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
        />
      </div>
    </section>
  );
}

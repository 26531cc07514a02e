import { useEffect, useState, type ReactNode } from 'react';
import { LOGIN_CAROUSEL_INTERVAL_MS } from '@shared/limits';

export interface CarouselSlide {
  title: string;
  caption: string;
  image: ReactNode;
}

/**
 * The login page's three-slide carousel: advances every 4 s; previous, next, the dots and the
 * play/pause control are manual actions, and any manual action pauses autoplay (SPEC.md).
 */
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
        <button
          type="button"
          aria-label="Previous slide"
          onClick={() => goTo(index - 1)}
          className="absolute top-[calc(50%-2.5rem)] left-2 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white dark:bg-slate-800/90 dark:text-slate-100"
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          aria-label="Next slide"
          onClick={() => goTo(index + 1)}
          className="absolute top-[calc(50%-2.5rem)] right-2 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white dark:bg-slate-800/90 dark:text-slate-100"
        >
          <Chevron direction="right" />
        </button>
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <div className="flex items-center gap-2">
          {slides.map((item, dot) => (
            <button
              key={item.title}
              type="button"
              aria-label={`Go to slide ${dot + 1}: ${item.title}`}
              aria-current={dot === index ? 'true' : undefined}
              onClick={() => goTo(dot)}
              className={`h-2.5 rounded-full transition-all ${dot === index ? 'w-6 bg-brand-600 dark:bg-brand-500' : 'w-2.5 bg-slate-300 hover:bg-slate-400 dark:bg-slate-700'}`}
            />
          ))}
        </div>
        <button
          type="button"
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          onClick={() => setPlaying((current) => !current)}
          className="rounded-full p-1.5 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {playing ? (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
              <rect x="5" y="4" width="3.5" height="12" rx="1" />
              <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
              <path d="M6 4.5v11a1 1 0 001.5.86l9-5.5a1 1 0 000-1.72l-9-5.5A1 1 0 006 4.5z" />
            </svg>
          )}
        </button>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M12.5 4.5L7 10l5.5 5.5' : 'M7.5 4.5L13 10l-5.5 5.5'} />
    </svg>
  );
}

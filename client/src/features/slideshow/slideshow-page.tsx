import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CarouselDots, CarouselPlayButton, CarouselStepButton } from '@client/components/carousel-controls';
import { X } from '@client/components/icons';
import { ModalSurface } from '@client/components/modal-surface';
import { useDocumentTitle } from '@client/lib/document-title';
import { SLIDES, type Slide } from './slides';
import { SLIDESHOW_AUTOPLAY_MS, hasInAppHistory, slideCounter, wrapIndex } from './slideshow-state';

const isSpace = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Spacebar';
const hasModifier = (event: KeyboardEvent) => event.altKey || event.ctrlKey || event.metaKey;

/**
 * The full-screen slideshow: ←/→ and the side buttons move through the slides,
 * wrapping; Space starts and stops autoplay (every 5 s, off at first); Escape or the close button goes
 * back; dots and 'n / total'. It is a modal <dialog> over the signed-in layout (the route stays
 * protected), so the sidebar and top bar are hidden and out of reach while it is open, and the
 * podcast keeps playing underneath.
 */
export function SlideshowPage({ slides = SLIDES }: { slides?: Slide[] }) {
  useDocumentTitle('Slideshow');
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(false);
  const count = slides.length;
  const stage = useRef<HTMLDivElement>(null);

  // The dialog focuses its first button (Close) on opening; the slides themselves should have focus.
  // This runs after ModalSurface's own effect (a parent's effects run after its child's).
  useEffect(() => {
    stage.current?.focus();
  }, []);

  const go = useCallback((step: number) => setIndex((current) => wrapIndex(current, step, count)), [count]);

  const close = useCallback(() => {
    if (hasInAppHistory(window.history.state)) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);

  // Restarted on every change, so a slide chosen by hand also gets its full 5 s.
  useEffect(() => {
    if (!autoplay || count < 2) return;
    const timer = window.setTimeout(() => go(1), SLIDESHOW_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoplay, index, count, go]);

  // Escape is the dialog's own `cancel` (ModalSurface turns it into close); the rest is here.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || hasModifier(event)) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        go(1);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        go(-1);
      } else if (isSpace(event)) {
        // Space is the slideshow's, even on a focused button: no click, no page scroll.
        event.preventDefault();
        if (!event.repeat) setAutoplay((current) => !current);
      }
    };
    // Firefox clicks a focused button on Space's keyup.
    const onKeyUp = (event: KeyboardEvent) => {
      if (isSpace(event) && !hasModifier(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [go]);

  const slide = slides[index]!;
  const roundButton =
    'h-11 w-11 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/90 text-slate-700 shadow-sm backdrop-blur transition-colors hover:bg-white hover:text-slate-950 dark:border-slate-700 dark:bg-slate-800/80 dark:text-slate-200 dark:hover:bg-slate-700 dark:hover:text-white';

  return (
    <ModalSurface
      onClose={close}
      label="Slideshow"
      className="m-0 h-dvh max-h-none w-full max-w-none border-0 bg-transparent p-0 text-slate-900 backdrop:bg-slate-950 dark:text-slate-100"
    >
      <div
        ref={stage}
        tabIndex={-1}
        aria-roledescription="carousel"
        className="relative outline-none flex h-full flex-col overflow-hidden bg-gradient-to-br from-brand-50 via-white to-emerald-50 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950"
      >
        <Backdrop />

        <header className="relative flex items-center gap-3 px-4 py-3 sm:px-8 sm:py-5">
          <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          <p className="min-w-0 flex-1 truncate text-sm font-semibold tracking-tight sm:text-base">
            Tech Touchdown
          </p>
          <p className="rounded-full bg-slate-900/5 px-3 py-1 text-sm font-semibold tabular-nums dark:bg-white/10">
            {slideCounter(index, count)}
          </p>
          <button
            type="button"
            aria-label="Close slideshow"
            title="Close (Esc)"
            onClick={close}
            className={`${roundButton} flex`}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </header>

        <div className="relative flex min-h-0 flex-1 items-center gap-4 px-4 sm:px-8">
          <CarouselStepButton
            direction="previous"
            title="Previous (←)"
            onClick={() => go(-1)}
            className={`${roundButton} hidden sm:flex`}
          />
          <section
            key={index}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}: ${slide.title}`}
            aria-live={autoplay ? 'off' : 'polite'}
            className="mx-auto max-h-full w-full max-w-5xl min-w-0 overflow-y-auto py-4 transition duration-500 ease-out starting:translate-y-3 starting:opacity-0"
          >
            {slide.content}
          </section>
          <CarouselStepButton
            direction="next"
            title="Next (→)"
            onClick={() => go(1)}
            className={`${roundButton} hidden sm:flex`}
          />
        </div>

        <footer className="relative flex flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-4 sm:py-6">
          <CarouselStepButton
            direction="previous"
            onClick={() => go(-1)}
            className={`${roundButton} flex sm:hidden`}
          />
          <CarouselDots slides={slides} index={index} onSelect={setIndex} size="large" />
          <CarouselPlayButton
            playing={autoplay}
            pressable
            title={autoplay ? 'Pause (Space)' : 'Play (Space)'}
            onToggle={() => setAutoplay((current) => !current)}
            className={`${roundButton} flex`}
          />
          <CarouselStepButton
            direction="next"
            onClick={() => go(1)}
            className={`${roundButton} flex sm:hidden`}
          />
          <p className="hidden w-full text-center text-xs text-slate-500 sm:block dark:text-slate-400">
            <Key>←</Key> <Key>→</Key> to move · <Key>Space</Key> to {autoplay ? 'pause' : 'play'} ·{' '}
            <Key>Esc</Key> to close
          </p>
        </footer>
      </div>
    </ModalSurface>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white/80 px-1.5 py-0.5 font-sans text-[0.6875rem] font-semibold text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
      {children}
    </kbd>
  );
}

/** Soft shapes behind the slides, in both themes. */
function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -top-32 -left-32 h-96 w-96 rounded-full bg-brand-500/15 blur-3xl dark:bg-brand-500/20" />
      <div className="absolute -right-24 -bottom-40 h-[28rem] w-[28rem] rounded-full bg-emerald-400/15 blur-3xl dark:bg-emerald-500/10" />
    </div>
  );
}

import { ChevronLeft, ChevronRight, Pause, Play } from './icons';

/**
 * The controls every carousel of the app shares (the login page's and the slideshow's): previous and
 * next, one dot per slide, play/pause. Each carousel places them and styles the buttons; the names,
 * icons and states are the same everywhere.
 */

export interface CarouselStepButtonProps {
  direction: 'previous' | 'next';
  onClick: () => void;
  className: string;
  title?: string;
}

export function CarouselStepButton({ direction, onClick, className, title }: CarouselStepButtonProps) {
  const Chevron = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={direction === 'previous' ? 'Previous slide' : 'Next slide'}
      title={title}
      onClick={onClick}
      className={className}
    >
      <Chevron aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}

export interface CarouselDotsProps {
  slides: readonly { title: string }[];
  index: number;
  onSelect: (index: number) => void;
  /** compact: small dots; large: taller hit areas, the current dot wider. */
  size: 'compact' | 'large';
}

/** Every dot is a target of at least 24 × 24 px, however small it is drawn. */
const DOT_STYLES = {
  compact: {
    row: 'flex items-center',
    button: 'group flex h-6 min-w-6 items-center justify-center',
    current: 'w-6 bg-brand-600 dark:bg-brand-500',
    other: 'w-2.5 bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-700',
  },
  large: {
    row: 'flex items-center gap-2',
    button: 'group flex h-8 min-w-6 items-center justify-center px-1',
    current: 'w-8 bg-brand-600 dark:bg-brand-500',
    other: 'w-2.5 bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-600 dark:group-hover:bg-slate-500',
  },
} as const;

export function CarouselDots({ slides, index, onSelect, size }: CarouselDotsProps) {
  const styles = DOT_STYLES[size];
  return (
    <div className={styles.row}>
      {slides.map((item, dot) => (
        <button
          key={item.title}
          type="button"
          aria-label={`Go to slide ${dot + 1}: ${item.title}`}
          aria-current={dot === index ? 'true' : undefined}
          onClick={() => onSelect(dot)}
          className={styles.button}
        >
          <span
            className={`block h-2.5 rounded-full transition-all ${dot === index ? styles.current : styles.other}`}
          />
        </button>
      ))}
    </div>
  );
}

export interface CarouselPlayButtonProps {
  playing: boolean;
  onToggle: () => void;
  className: string;
  /** Announce the button as a toggle (aria-pressed) as well as by its changing name. */
  pressable?: boolean;
  title?: string;
}

export function CarouselPlayButton({
  playing,
  onToggle,
  className,
  pressable,
  title,
}: CarouselPlayButtonProps) {
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
      aria-pressed={pressable ? playing : undefined}
      title={title}
      onClick={onToggle}
      className={className}
    >
      <Icon aria-hidden="true" className="h-4 w-4" fill="currentColor" />
    </button>
  );
}

/**
 * The players' icons, in currentColor and hidden from assistive technology: the controls come from
 * the app's icon set; the skip buttons (with their seconds) and the cover are drawn here.
 */
import { useId } from 'react';
import { Pause, Play, Shuffle, SkipBack, SkipForward, Volume2, VolumeX } from '@client/components/icons';

export const PlayIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Play aria-hidden="true" focusable="false" className={className} fill="currentColor" />
);

export const PauseIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Pause aria-hidden="true" focusable="false" className={className} fill="currentColor" />
);

export const PreviousIcon = () => (
  <SkipBack aria-hidden="true" focusable="false" className="h-5 w-5" fill="currentColor" />
);

export const NextIcon = () => (
  <SkipForward aria-hidden="true" focusable="false" className="h-5 w-5" fill="currentColor" />
);

export const ShuffleIcon = () => <Shuffle aria-hidden="true" focusable="false" className="h-4 w-4" />;

export const VolumeIcon = ({ muted }: { muted: boolean }) => {
  const Icon = muted ? VolumeX : Volume2;
  return <Icon aria-hidden="true" focusable="false" className="h-4 w-4" />;
};

/** A circular arrow with the number of seconds inside, like podcast apps draw skip buttons. */
export const SkipIcon = ({ seconds, direction }: { seconds: number; direction: 'back' | 'forward' }) => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      d={
        direction === 'back'
          ? 'M5.2 8.5A8 8 0 1 1 4 12.5M5 4v4.5h4.5'
          : 'M18.8 8.5A8 8 0 1 0 20 12.5M19 4v4.5h-4.5'
      }
    />
    <text
      x="12"
      y="15.6"
      textAnchor="middle"
      fontSize="8.5"
      fontWeight="700"
      fill="currentColor"
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      {seconds}
    </text>
  </svg>
);

/** The show's small cover: the app's football on the brand colour, with a sound wave. */
export function CoverArt({ className = 'h-10 w-10' }: { className?: string }) {
  // Both players draw the cover at once: each gradient needs its own id.
  const gradient = useId();
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 40 40"
      className={`${className} shrink-0 rounded-lg`}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="8" fill={`url(#${gradient})`} />
      <ellipse cx="20" cy="17" rx="11" ry="6.5" transform="rotate(-30 20 17)" fill="#f8fafc" />
      <path
        d="M15.5 21.5l9-9M17.5 16.5l3 3M19.5 14.5l3 3"
        stroke="#4f46e5"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <path
        d="M9 33v-2M13 34v-4M17 33v-2M21 35v-6M25 33v-2M29 34v-4M33 33v-2"
        stroke="#c7d2fe"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

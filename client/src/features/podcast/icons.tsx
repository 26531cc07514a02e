/** The players' icons: 20×20 strokes and fills in currentColor, hidden from assistive technology. */
import { useId, type ReactNode } from 'react';

function Icon({ className = 'h-5 w-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" className={className}>
      {children}
    </svg>
  );
}

export const PlayIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path
      fill="currentColor"
      d="M6.5 4.2v11.6a.9.9 0 001.37.77l9.2-5.8a.9.9 0 000-1.54l-9.2-5.8a.9.9 0 00-1.37.77z"
    />
  </Icon>
);

export const PauseIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <rect fill="currentColor" x="5" y="4" width="3.6" height="12" rx="1" />
    <rect fill="currentColor" x="11.4" y="4" width="3.6" height="12" rx="1" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path
      fill="currentColor"
      d="M15.5 5v10a.8.8 0 01-1.23.67L7.5 11.2v3.3a.8.8 0 01-1.6 0v-9a.8.8 0 011.6 0v3.3l6.77-4.47A.8.8 0 0115.5 5z"
    />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path
      fill="currentColor"
      d="M4.5 5v10a.8.8 0 001.23.67l6.77-4.47v3.3a.8.8 0 001.6 0v-9a.8.8 0 00-1.6 0v3.3L5.73 4.33A.8.8 0 004.5 5z"
    />
  </Icon>
);

export const ShuffleIcon = () => (
  <Icon className="h-4 w-4">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M3 6h2.5c2.5 0 3.5 1.5 4.5 4s2 4 4.5 4H17M3 14h2.5c1.3 0 2.2-.4 2.9-1.1M11.6 7.1C12.3 6.4 13.2 6 14.5 6H17M15 4l2 2-2 2M15 12l2 2-2 2"
    />
  </Icon>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon className="h-4 w-4">
    <path
      fill="currentColor"
      d="M3 7.5h2.8L9.6 4.4a.6.6 0 011 .47v10.26a.6.6 0 01-1 .47L5.8 12.5H3a.8.8 0 01-.8-.8V8.3a.8.8 0 01.8-.8z"
    />
    {muted ? (
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        d="M13 7.5l5 5M18 7.5l-5 5"
      />
    ) : (
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        d="M13.2 7.3a3.8 3.8 0 010 5.4M15.4 5.2a6.8 6.8 0 010 9.6"
      />
    )}
  </Icon>
);

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

import { useState } from 'react';
import { FIRST_SLIDE_PICTURE } from './first-slide';
import type { CarouselSlide } from './login-carousel';

/** Screenshots of the app's own pages (made by `npm run screenshots`), in slide order. */
export const CAROUSEL_SLIDES: CarouselSlide[] = [
  {
    title: 'Hacker News + Sports',
    caption: 'Tech headlines and your teams, side by side on one dashboard.',
    image: (
      <SlideImage
        src={FIRST_SLIDE_PICTURE}
        alt="The dashboard: sports news on the left, tech news on the right"
        fallback="Tech + Sports"
        firstShown
      />
    ),
  },
  {
    title: 'Sports Coverage',
    caption: 'Live scores for the NFL, NBA, MLB and NHL, updated as they happen.',
    image: (
      <SlideImage
        src="/carousel/sports.jpg"
        alt="The sports page with today's games grouped by league"
        fallback="Live scores"
      />
    ),
  },
  {
    title: 'Chatrooms & Trash Talk',
    caption: 'Pick a side and talk it out in every game’s chat room, by text or voice.',
    image: (
      <SlideImage
        src="/carousel/chat.jpg"
        alt="A game chat room with fans of both teams"
        fallback="Game chat"
      />
    ),
  },
];

/**
 * The picture, or a drawn panel with its subject when the picture cannot load (never a broken image).
 * The first slide's picture is the login page's largest paint, so the browser fetches it first.
 */
function SlideImage({
  src,
  alt,
  fallback,
  firstShown = false,
}: {
  src: string;
  alt: string;
  fallback: string;
  firstShown?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-600 to-sky-500 text-3xl font-bold text-white"
      >
        {fallback}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={1280}
      height={720}
      decoding="async"
      fetchPriority={firstShown ? 'high' : undefined}
      onError={() => setFailed(true)}
      className="h-full w-full bg-slate-100 object-cover object-top dark:bg-slate-800"
    />
  );
}

import type { CarouselSlide } from './login-carousel';

/** Screenshots of the app's own pages (made by scripts/carousel-screenshots.ts), in slide order. */
export const CAROUSEL_SLIDES: CarouselSlide[] = [
  {
    title: 'Hacker News + Sports',
    caption: 'Tech headlines and your teams, side by side on one dashboard.',
    image: (
      <SlideImage
        src="/carousel/dashboard.png"
        alt="The dashboard: sports news on the left, tech news on the right"
      />
    ),
  },
  {
    title: 'Sports Coverage',
    caption: 'Live scores for the NFL, NBA, MLB and NHL, updated as they happen.',
    image: (
      <SlideImage src="/carousel/sports.png" alt="The sports page with today's games grouped by league" />
    ),
  },
  {
    title: 'Chatrooms & Trash Talk',
    caption: 'Pick a side and talk it out in every game’s chat room, by text or voice.',
    image: <SlideImage src="/carousel/chat.png" alt="A game chat room with fans of both teams" />,
  },
];

function SlideImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={1280}
      height={720}
      loading="lazy"
      decoding="async"
      className="h-full w-full bg-slate-100 object-cover object-top dark:bg-slate-800"
    />
  );
}

import { lazy, Suspense, use, useState, type ComponentProps, type ReactNode } from 'react';
import { DASHBOARD_DEFAULT_QUERIES } from '@shared/schemas/headlines';
import type { SearchResult } from '@shared/schemas/search';
import { cardClass } from '@client/components/button';
// The strips from their own modules: the favourites barrel would bring the pickers into the first paint.
import { FavouriteTeamsStrip } from '@client/features/favourites/teams-strip';
import { TechInterestsStrip } from '@client/features/favourites/tech-strip';
import {
  teamPickerOpenAtom,
  teamQuestionnaireCompletedAtom,
  techPickerOpenAtom,
  techQuestionnaireCompletedAtom,
} from '@client/features/favourites/state';
import { SearchPanel, type ExternalQuery } from '@client/features/search';
import { keptHeadlinesWait } from '@client/features/search/kept-headlines';
import { useAtomValue } from '@client/lib/store';
import { useDocumentTitle } from '@client/lib/document-title';
import { afterFirstPaint } from './after-first-paint';

// The reader and the frame viewer load when a fan first opens an article, not with the dashboard.
const loadContent = () => import('@client/features/content');
const ArticleDrawer = lazy(async () => ({ default: (await loadContent()).ArticleDrawer }));
const FrameViewer = lazy(async () => ({ default: (await loadContent()).FrameViewer }));

// The questionnaire dialogs (and their pickers) load once the dashboard has painted; an edit button
// pressed before that opens its dialog as soon as they are in.
const FavouritesQuestionnaires = afterFirstPaint(
  'questionnaires',
  () => import('@client/features/favourites/questionnaires'),
  (module) => module.FavouritesQuestionnaires,
);

/**
 * The questionnaires' code is wanted while one is not completed (it opens by itself) and from the
 * moment an edit or empty-state button opens one: a fan who answered both and edits nothing never
 * loads it. Once loaded it stays.
 */
function QuestionnairesWhenWanted() {
  const teamsDone = useAtomValue(teamQuestionnaireCompletedAtom);
  const techDone = useAtomValue(techQuestionnaireCompletedAtom);
  const teamOpen = useAtomValue(teamPickerOpenAtom);
  const techOpen = useAtomValue(techPickerOpenAtom);
  const needed = !teamsDone || !techDone || teamOpen || techOpen;
  const [wanted, setWanted] = useState(needed);
  if (needed && !wanted) setWanted(true);
  return wanted ? <FavouritesQuestionnaires /> : null;
}

/** One side of the dashboard: its favourites strip in a card above its news search. */
function NewsColumn({
  label,
  strip,
  ...search
}: { label: string; strip: ReactNode } & ComponentProps<typeof SearchPanel>) {
  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-4">
      <div className={`${cardClass} p-4 sm:p-5`}>{strip}</div>
      <SearchPanel {...search} />
    </section>
  );
}

/**
 * The home dashboard: sports on the left (favourite teams, Sports News), tech on
 * the right (tech interests, Tech News), stacked on narrow screens. A chip fills its side's search;
 * 'Read' opens the article drawer, whose 'View in Frame' hands over to the frame viewer.
 */
export function HomePage() {
  // A browser with no answers of its own paints the dashboard once the server's headlines are in
  // (a second at most), so they are in its first paint rather than pushing stand-ins down after it.
  const headlinesWait = keptHeadlinesWait();
  if (headlinesWait) use(headlinesWait);
  useDocumentTitle('Home');
  const [sportsQuery, setSportsQuery] = useState<ExternalQuery | null>(null);
  const [techQuery, setTechQuery] = useState<ExternalQuery | null>(null);
  const [reading, setReading] = useState<SearchResult | null>(null);
  const [framed, setFramed] = useState<{ url: string; title: string } | null>(null);

  return (
    <>
      <h1 className="sr-only">Home</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <NewsColumn
          label="Sports"
          strip={<FavouriteTeamsStrip onSearch={(query) => setSportsQuery({ query })} />}
          title="Sports News"
          placeholder="Search for sports news, scores, trades, or team updates..."
          defaultQuery={DASHBOARD_DEFAULT_QUERIES.sports}
          externalQuery={sportsQuery}
          onRead={setReading}
        />
        <NewsColumn
          label="Tech"
          strip={<TechInterestsStrip onSearch={(query) => setTechQuery({ query })} />}
          title="Tech News"
          placeholder="Search for tech articles, startup news, or software engineering topics..."
          defaultQuery={DASHBOARD_DEFAULT_QUERIES.tech}
          externalQuery={techQuery}
          onRead={setReading}
        />
      </div>
      <QuestionnairesWhenWanted />
      <Suspense fallback={null}>
        {reading ? (
          <ArticleDrawer
            result={reading}
            onClose={() => setReading(null)}
            onViewInFrame={(result) => {
              setReading(null);
              setFramed({ url: result.url, title: result.title });
            }}
          />
        ) : null}
        {framed ? <FrameViewer page={framed} onClose={() => setFramed(null)} /> : null}
      </Suspense>
    </>
  );
}

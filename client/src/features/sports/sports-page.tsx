import { useAtomValue } from '@client/lib/store';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Clock } from '@client/components/icons';
import type { LeagueKey } from '@shared/data/teams';
import { allGames, type Game } from '@shared/schemas/sports';
import { buttonClass } from '@client/components/button';
import { Spinner } from '@client/components/spinner';
import { useDocumentTitle } from '@client/lib/document-title';
import { delayLabel, gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { loadOrReload } from '@client/lib/stale-build';
import { GameCard } from './game-card';
import { GameDialog } from './game-dialog';
import { favouritesFirst, formatUpdated, leagueKeyOf } from './game-format';
import { useSportsData } from './use-sports-data';
import { RefreshIcon } from './refresh-icon';
import { StandingsBoundary, StandingsSkeleton } from './standings/standings-frame';

// The standings load with their view, not with the page; a retry after a failed load asks again.
const loadStandings = loadOrReload(() => import('./standings/standings-view'));
const lazyStandingsView = () => lazy(async () => ({ default: (await loadStandings()).StandingsView }));

type PageView = 'scores' | 'standings';
const VIEW_LABELS: Record<PageView, string> = { scores: 'Scores', standings: 'Standings' };

const VIEW_BUTTON =
  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const VIEW_ON = 'bg-brand-600 text-white';
const VIEW_OFF = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** Scores | Standings: which of the two the page shows. */
function ViewSwitch({ view, onChange }: { view: PageView; onChange: (view: PageView) => void }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex gap-1 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
    >
      {(Object.keys(VIEW_LABELS) as PageView[]).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === view}
          onClick={() => onChange(option)}
          className={`${VIEW_BUTTON} ${option === view ? VIEW_ON : VIEW_OFF}`}
        >
          {VIEW_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

/** The dialog's game is cleared this long after it closes. */
export const GAME_DIALOG_CLEAR_DELAY_MS = 300;
/** The progress bar is fixed at 60 % (a placeholder, by design). */
const PROGRESS_PERCENT = 60;

export interface SportsPageProps {
  /** The game chat (with voice) the app composes into the game dialog. */
  renderGameChat?: (game: Game) => ReactNode;
  /** Whether a team (catalogue full name) is one of the user's favourites in that league. */
  isFavouriteTeam?: (league: LeagueKey, teamName: string) => boolean;
  /** A badge the app shows on each game card (the game room's unread count). */
  renderGameBadge?: (game: Game) => ReactNode;
  /** A game whose dialog opens once the scoreboard shows it (a link to the game, e.g. from an alert). */
  openGameId?: string | null;
  /** The dialog opened for openGameId closed (the app drops the link). */
  onOpenGameClosed?: () => void;
}

function ErrorPanel({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-red-900/60 dark:bg-red-950/40"
    >
      <div>
        <p className="font-semibold text-red-800 dark:text-red-200">{title}</p>
        <p className="mt-1 text-sm text-red-700 dark:text-red-300">{message}</p>
      </div>
      <button type="button" onClick={onRetry} className={buttonClass('danger', 'sm')}>
        Try again
      </button>
    </div>
  );
}

function ProgressPanel({ title, message }: { title: string; message: string | null }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 dark:border-brand-500/30 dark:bg-brand-500/10"
    >
      <div className="flex items-center gap-3">
        <Spinner size="sm" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-slate-100">{title}</p>
          {message ? <p className="truncate text-sm text-slate-600 dark:text-slate-300">{message}</p> : null}
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={PROGRESS_PERCENT}
        className="mt-3 h-2 overflow-hidden rounded-full bg-brand-100 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
          style={{ width: `${PROGRESS_PERCENT}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The Sports page: today's games grouped by league, kept current by the server's
 * pushes, which show after the viewer's game-day delay (the page says how far behind live it is);
 * with Hide scores every score is "–" until the viewer reveals that game. 'Refresh All' asks the server to refresh from its source; 'Refresh API' reads the
 * scoreboard again. A game opens its details dialog, which follows the game's pushes in place.
 */
export function SportsPage({
  renderGameChat,
  isFavouriteTeam,
  renderGameBadge,
  openGameId = null,
  onOpenGameClosed,
}: SportsPageProps) {
  useDocumentTitle('Sports');
  const sports = useSportsData();
  const { data, loading, loadError, refreshing, refreshError, progress } = sports;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lastSelected, setLastSelected] = useState<Game | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { delaySeconds, hideScores } = useAtomValue(gameDaySettingsAtom);
  // With Hide scores on, the games the viewer chose to see, for as long as the page is open.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const reveal = useCallback((game: Game) => setRevealed((shown) => new Set(shown).add(game.id)), []);
  const scoreHidden = (game: Game) => hideScores && !revealed.has(game.id);
  const [view, setView] = useState<PageView>('scores');
  const [StandingsView, setStandingsView] = useState(lazyStandingsView);

  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  // The open game follows every push; if it leaves the scoreboard, the last known state stays.
  const liveGame = useMemo(
    () => (data && selectedId ? (allGames(data).find((game) => game.id === selectedId) ?? null) : null),
    [data, selectedId],
  );
  if (liveGame && liveGame !== lastSelected) setLastSelected(liveGame);
  const selectedGame = liveGame ?? lastSelected;

  const openGame = useCallback((game: Game) => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setSelectedId(game.id);
    setLastSelected(game);
    setDialogOpen(true);
  }, []);

  // A linked game opens once, as soon as the scoreboard shows it; closing its dialog drops the link.
  const linkOpened = useRef<string | null>(null);
  const linkedGame = useMemo(
    () => (data && openGameId ? (allGames(data).find((game) => game.id === openGameId) ?? null) : null),
    [data, openGameId],
  );
  useEffect(() => {
    if (openGameId === null) linkOpened.current = null;
    if (!linkedGame || linkOpened.current === linkedGame.id) return;
    linkOpened.current = linkedGame.id;
    openGame(linkedGame);
  }, [openGameId, linkedGame, openGame]);

  const closeGame = useCallback(() => {
    if (openGameId !== null && selectedId === openGameId) onOpenGameClosed?.();
    setDialogOpen(false);
    clearTimer.current = setTimeout(() => {
      setSelectedId(null);
      setLastSelected(null);
    }, GAME_DIALOG_CLEAR_DELAY_MS);
  }, [openGameId, selectedId, onOpenGameClosed]);

  const leagues = (data?.leagues ?? []).filter((league) => league.games.length > 0);
  const showProgress = refreshing || progress !== null || (loading && !data);
  const progressTitle =
    progress?.stage === 'processing' ? 'Processing with AI...' : 'Refreshing sports data...';

  return (
    <div className="mx-auto max-w-[1600px] space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Sports
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Today&apos;s games and scores
            {data ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>
                  Last updated <time dateTime={data.lastUpdated}>{formatUpdated(data.lastUpdated)}</time>
                </span>
              </>
            ) : null}
          </p>
          {delaySeconds > 0 ? (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/30">
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              Scores are {delayLabel(delaySeconds)} behind live
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => void sports.refreshAll()}
            disabled={refreshing}
            className={buttonClass('primary')}
          >
            <RefreshIcon spinning={refreshing} />
            Refresh All
          </button>
          <button
            type="button"
            onClick={() => void sports.refetch()}
            disabled={loading}
            className={buttonClass('secondary')}
          >
            <RefreshIcon spinning={loading && Boolean(data)} />
            Refresh API
          </button>
        </div>
      </header>

      {showProgress ? <ProgressPanel title={progressTitle} message={progress?.message ?? null} /> : null}

      {loadError ? (
        <ErrorPanel
          title="Error loading sports data"
          message={loadError}
          onRetry={() => void sports.refetch()}
        />
      ) : null}
      {refreshError ? (
        <ErrorPanel
          title="Error processing sports data"
          message={refreshError}
          onRetry={() => void sports.refreshAll()}
        />
      ) : null}

      <ViewSwitch view={view} onChange={setView} />

      {view === 'standings' ? (
        <StandingsBoundary onRetry={() => setStandingsView(lazyStandingsView)}>
          <Suspense fallback={<StandingsSkeleton />}>
            <StandingsView isFavouriteTeam={isFavouriteTeam} />
          </Suspense>
        </StandingsBoundary>
      ) : null}

      {view === 'scores' && data && leagues.length === 0 && !loading ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
          <p className="text-4xl" aria-hidden="true">
            🏟️
          </p>
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">No games today</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Check back later for upcoming games or use the AI analysis above
          </p>
        </div>
      ) : null}

      {(view === 'scores' ? leagues : []).map((league) => {
        const games = favouritesFirst(league.games, isFavouriteTeam);
        const headingId = `league-${league.name.toLowerCase()}`;
        return (
          <section key={league.name} aria-labelledby={headingId} className="space-y-3">
            <h2
              id={headingId}
              className="flex items-baseline gap-2 text-lg font-semibold text-slate-900 dark:text-white"
            >
              {league.name}
              <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
                {games.length} {games.length === 1 ? 'game' : 'games'}
              </span>
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {games.map((game) => (
                <li key={game.id}>
                  <GameCard
                    game={game}
                    onClick={openGame}
                    scoreHidden={scoreHidden(game)}
                    onReveal={reveal}
                    badge={renderGameBadge?.(game)}
                    favourite={
                      isFavouriteTeam?.(leagueKeyOf(game.league), game.awayTeam) ||
                      isFavouriteTeam?.(leagueKeyOf(game.league), game.homeTeam)
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <GameDialog
        game={selectedGame}
        open={dialogOpen}
        onClose={closeGame}
        onRefresh={sports.refreshGame}
        renderGameChat={renderGameChat}
        scoreHidden={selectedGame ? scoreHidden(selectedGame) : false}
        onReveal={reveal}
      />
    </div>
  );
}

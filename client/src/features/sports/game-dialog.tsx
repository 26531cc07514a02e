import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Eye } from '@client/components/icons';
import type { PageContentResponse } from '@shared/schemas/content';
import type { Game } from '@shared/schemas/sports';
import { buttonClass } from '@client/components/button';
import { Dialog } from '@client/components/dialog';
import { Spinner } from '@client/components/spinner';
import { api, errorMessage } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/document-title';
import { loadOrReload } from '@client/lib/stale-build';
import { hasScore, HiddenScore, TeamMark, WatchBadge } from './game-card';
import {
  formatStartTime,
  scoreOrDash,
  statusBadge,
  statusLabel,
  statusTone,
  teamShortName,
  TONE_BADGE,
  TONE_TEXT,
} from './game-format';
import { GamecastSkeleton } from './gamecast/skeleton';
import { RefreshIcon } from './refresh-icon';

// The Gamecast (situation, plays, box score, leaders, win probability) loads with the dialog, never
// with the pages: most visits open no game.
const loadGamecast = loadOrReload(() => import('./gamecast/gamecast-panel'));
const GamecastPanel = lazy(async () => ({ default: (await loadGamecast()).GamecastPanel }));
const SituationStrip = lazy(async () => ({ default: (await loadGamecast()).SituationStrip }));

/** The Gamecast's code failed to load (offline, a dropped request): the rest of the dialog stays. */
class GamecastBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export type GameContent =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; page: PageContentResponse }
  | { status: 'error'; error: string };

/** Opening the dialog fetches content for the game's url (the server reads it). */
export function useGameContent(url: string | null): GameContent {
  const [state, setState] = useState<{ url: string | null; value: GameContent }>({
    url,
    value: url ? { status: 'loading' } : { status: 'none' },
  });
  if (state.url !== url) setState({ url, value: url ? { status: 'loading' } : { status: 'none' } });

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    api.post<PageContentResponse>('/jina', { url }, { signal: controller.signal }).then(
      (page) => setState({ url, value: { status: 'ready', page } }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ url, value: { status: 'error', error: errorMessage(error, 'Failed to load content') } });
        }
      },
    );
    return () => controller.abort();
  }, [url]);

  return state.url === url ? state.value : { status: 'loading' };
}

const MARKDOWN_COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: () => null,
};

const MARKDOWN_CLASS = [
  'text-sm leading-relaxed text-slate-800 dark:text-slate-200 break-words',
  '[&_p]:my-2 [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100',
  '[&_table]:my-3 [&_table]:w-full [&_td]:border-t [&_td]:border-slate-200 [&_td]:py-1 [&_th]:py-1 [&_th]:text-left dark:[&_td]:border-slate-800',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800',
].join(' ');

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center dark:border-slate-700">
      <p className="font-medium text-slate-800 dark:text-slate-100">{title}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{text}</p>
    </div>
  );
}

function TeamScore({ game, side, scoreHidden }: { game: Game; side: 'away' | 'home'; scoreHidden: boolean }) {
  const name = side === 'away' ? game.awayTeam : game.homeTeam;
  const score = side === 'away' ? game.awayScore : game.homeScore;
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center">
      <TeamMark league={game.league} name={name} size="lg" />
      <span className="text-sm font-medium text-slate-800 sm:text-base dark:text-slate-100">{name}</span>
      <span className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">{side}</span>
      <span
        className="text-4xl font-bold text-slate-900 tabular-nums dark:text-white"
        data-testid={`${side}-score`}
      >
        {scoreHidden && score !== null ? <HiddenScore /> : scoreOrDash(score)}
      </span>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export interface GameDialogProps {
  /** The game shown; it updates in place as pushes arrive. */
  game: Game | null;
  open: boolean;
  onClose: () => void;
  /** Refreshes the game; resolves to an error message or null. */
  onRefresh: (game: Game) => Promise<string | null>;
  /** The game chat (and voice) the app composes into the dialog. */
  renderGameChat?: (game: Game) => ReactNode;
  /** Hide scores is on and this game is not revealed: scores show as "–". */
  scoreHidden?: boolean;
  /** With scoreHidden, the "Reveal score" button calls this for the game. */
  onReveal?: (game: Game) => void;
}

/**
 * The game details dialog: teams and scores, status label and badge, period,
 * start time, broadcast, a refresh of the game, the game page's content behind 'View Advanced Stats',
 * and the game chat.
 */
export function GameDialog({ game, open, ...rest }: GameDialogProps) {
  if (!game || !open) return null;
  return <GameDialogContent key={game.id} game={game} {...rest} />;
}

function GameDialogContent({
  game,
  onClose,
  onRefresh,
  renderGameChat,
  scoreHidden = false,
  onReveal,
}: Omit<GameDialogProps, 'game' | 'open'> & { game: Game }) {
  useDocumentTitle(
    `${teamShortName(game.league, game.awayTeam)} vs ${teamShortName(game.league, game.homeTeam)}`,
  );
  // Opening the dialog also refreshes the game, so it starts refreshing.
  const [refreshing, setRefreshing] = useState(Boolean(game.url));
  const [refreshError, setRefreshError] = useState<string | null>(null);

  useEffect(() => {
    if (!game.url) return;
    let active = true;
    void onRefresh(game).then((message) => {
      if (!active) return;
      setRefreshError(message);
      setRefreshing(false);
    });
    return () => {
      active = false;
    };
    // Once per opened game: later pushes of the same game do not refresh it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game.id]);

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    setRefreshError(await onRefresh(game));
    setRefreshing(false);
  };

  const title = refreshing ? 'Refreshing game data...' : 'Refresh game data';
  const actions = (
    <div className="flex shrink-0 items-center gap-2">
      <span className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700 ring-1 ring-brand-600/20 dark:bg-brand-500/15 dark:text-brand-100">
        {game.league}
      </span>
      <button
        type="button"
        title={title}
        aria-label={title}
        onClick={() => void refresh()}
        disabled={refreshing || !game.url}
        className={buttonClass('ghost', 'sm')}
      >
        <RefreshIcon spinning={refreshing} />
        {refreshing ? <span>Updating...</span> : null}
      </button>
    </div>
  );

  return (
    <Dialog open onClose={onClose} size="lg" title={`${game.awayTeam} vs ${game.homeTeam}`} actions={actions}>
      <GameDialogBody
        game={game}
        refreshError={refreshError}
        renderGameChat={renderGameChat}
        scoreHidden={scoreHidden}
        onReveal={onReveal}
      />
    </Dialog>
  );
}

function GameDialogBody({
  game,
  refreshError,
  renderGameChat,
  scoreHidden,
  onReveal,
}: {
  game: Game;
  refreshError: string | null;
  renderGameChat?: GameDialogProps['renderGameChat'];
  scoreHidden: boolean;
  onReveal?: GameDialogProps['onReveal'];
}) {
  const content = useGameContent(game.url);
  const [statsOpen, setStatsOpen] = useState(false);
  const tone = statusTone(game);
  const start = formatStartTime(game.startTime);
  // One Reveal score shows the score and everything that could tell it.
  const gamecastHidden = scoreHidden && hasScore(game);

  return (
    <div className="space-y-5">
      {refreshError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300"
        >
          {refreshError}
        </p>
      ) : null}
      <section aria-label="Score" className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
        <div className="flex flex-wrap items-center justify-center gap-2">
          <span className={`text-sm font-bold tracking-wider ${TONE_TEXT[tone]}`}>{statusLabel(game)}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_BADGE[tone]}`}
          >
            {statusBadge(game)}
          </span>
        </div>
        <div className="mt-4 flex items-start gap-2 sm:gap-4">
          <TeamScore game={game} side="away" scoreHidden={scoreHidden} />
          <span aria-hidden="true" className="pt-4 text-sm font-semibold text-slate-400">
            @
          </span>
          <TeamScore game={game} side="home" scoreHidden={scoreHidden} />
        </div>
        {scoreHidden && hasScore(game) && onReveal ? (
          <div className="mt-4 flex justify-center">
            <button type="button" onClick={() => onReveal(game)} className={buttonClass('secondary', 'sm')}>
              <Eye aria-hidden="true" className="h-4 w-4" />
              Reveal score
            </button>
          </div>
        ) : null}
        {game.isLive && game.period ? (
          <p className="mt-4 text-center text-sm font-medium text-red-600 dark:text-red-400">
            Currently in: {game.period}
          </p>
        ) : null}
        {game.watch ? (
          <p className="mt-4 flex flex-wrap items-center justify-center gap-2 text-center text-sm text-slate-700 dark:text-slate-300">
            <WatchBadge watch={game.watch} size="md" />
            <span>{game.watch.reason}</span>
          </p>
        ) : null}
      </section>

      {game.isLive && game.situation ? (
        <GamecastBoundary>
          <Suspense fallback={null}>
            <SituationStrip game={game} hidePlay={gamecastHidden} />
          </Suspense>
        </GamecastBoundary>
      ) : null}

      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Detail label="Period">{game.period ?? '–'}</Detail>
        <Detail label="Start time">{start ?? '–'}</Detail>
        <Detail label="Broadcast">{game.broadcast ?? '–'}</Detail>
      </dl>

      <GamecastBoundary>
        <Suspense fallback={<GamecastSkeleton />}>
          <GamecastPanel game={game} hidden={gamecastHidden} />
        </Suspense>
      </GamecastBoundary>

      <section aria-label="Game content" className="space-y-3">
        {content.status === 'loading' ? (
          <div className="py-4">
            <Spinner label="Loading game details..." />
          </div>
        ) : content.status === 'error' ? (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 dark:border-red-900/60 dark:bg-red-950/40"
          >
            <p className="font-medium text-red-800 dark:text-red-200">Error loading content</p>
            <p className="mt-1 text-sm text-red-700 dark:text-red-300">{content.error}</p>
          </div>
        ) : content.status === 'none' ? (
          <EmptyState title="No content available" text="Unable to load content for this game" />
        ) : content.page.title ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <a
              href={content.page.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline dark:text-brand-100"
            >
              {content.page.title}
            </a>
          </p>
        ) : null}
        {game.url ? (
          <button type="button" className={buttonClass('secondary')} onClick={() => setStatsOpen(true)}>
            View Advanced Stats
          </button>
        ) : null}
      </section>

      {renderGameChat ? <div>{renderGameChat(game)}</div> : null}

      <Dialog open={statsOpen} onClose={() => setStatsOpen(false)} size="lg" title="Advanced Stats">
        {content.status === 'loading' ? (
          <Spinner label="Loading game details..." />
        ) : content.status === 'ready' && content.page.data.trim() ? (
          <div className={MARKDOWN_CLASS}>
            <Markdown components={MARKDOWN_COMPONENTS}>{content.page.data}</Markdown>
          </div>
        ) : (
          <EmptyState title="No stats available" text="Advanced statistics are not available for this game" />
        )}
      </Dialog>
    </div>
  );
}

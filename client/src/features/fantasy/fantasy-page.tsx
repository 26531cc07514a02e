import { useState, type ReactNode } from 'react';
import { buttonClass, cardClass } from '@client/components/button';
import { useDocumentTitle } from '@client/lib/document-title';
import type { Company } from './catalogue';
import { DraftRoom } from './draft-room';
import { displayRound, isAiTurn, isUserTurn, teamOnTurn, userTeam } from './engine';
import { LeagueHome, Leaderboard, MyTeam, ReviewTeams } from './league-views';
import type { RandomSource } from './random';
import { Tabs, type TabItem } from './tabs';
import { useFantasyLeague } from './use-fantasy-league';

type TabKey = 'home' | 'draft' | 'team' | 'review' | 'leaderboard';

const TABS: readonly TabItem<TabKey>[] = [
  { key: 'home', label: 'League Home' },
  { key: 'draft', label: 'Draft Room' },
  { key: 'team', label: 'My Team' },
  { key: 'review', label: 'Review Teams' },
  { key: 'leaderboard', label: 'Leaderboard' },
];

export interface FantasyPageProps {
  /** The directory to draft from; the shipped one by default. */
  companies?: readonly Company[];
  /** Random source for new leagues and AI picks; Math.random by default. */
  random?: RandomSource;
  /** Clock for the saved league; Date.now by default. */
  now?: () => number;
}

/**
 * The Fantasy Startup League: the user drafts startups against
 * nine AI teams for 8 rounds. The league lives in this browser and comes back within 7 days.
 */
export function FantasyPage(props: FantasyPageProps) {
  useDocumentTitle('Fantasy');
  const { league, restored, start, pick, toggleQueue, reset } = useFantasyLeague(props);
  // A league already complete when the page opens shows the user's team first.
  const [tab, setTab] = useState<TabKey>(() => (restored && league.draft.isComplete ? 'team' : 'home'));
  const { draft } = league;
  const mine = userTeam(league);
  const myTurn = isUserTurn(league);
  const aiTurn = isAiTurn(league);

  const startDraft = () => {
    start();
    setTab('draft');
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Fantasy Startup League</h1>
          <p className="text-slate-600 dark:text-slate-400">YC Winter 2025 Batch</p>
          {/* A plain link: this page also renders outside the router (its tests). */}
          <a
            href="/fantasy/leagues"
            className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
          >
            Leagues with friends
          </a>
        </div>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 tabular-nums dark:bg-brand-500/15 dark:text-brand-100">
          Round {displayRound(draft)}/{draft.totalRounds}
        </p>
      </header>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="League Size" value={league.teams.length} unit="teams" />
        <SummaryCard label="Available Startups" value={draft.availableCompanies.length} />
        <SummaryCard label="Your Rank" value={`#${mine.rank}`} unit={`of ${league.teams.length}`} />
        <SummaryCard label="Your Companies" value={mine.companies.length} unit={`of ${draft.totalRounds}`} />
      </dl>

      {draft.isComplete ? (
        <Banner tone="success" title="Draft Complete!">
          All {draft.totalRounds} rounds are done: My Team finished the draft at rank {mine.rank}.
          {tab !== 'team' ? (
            <button
              type="button"
              onClick={() => setTab('team')}
              className={`${buttonClass('secondary', 'sm')} ml-3`}
            >
              View My Team
            </button>
          ) : null}
        </Banner>
      ) : null}
      {myTurn ? (
        <Banner tone="turn" title="Your Turn to Draft!">
          Pick {draft.currentPick}: choose a startup in the Draft Room.
          {tab !== 'draft' ? (
            <button
              type="button"
              onClick={() => setTab('draft')}
              className={`${buttonClass('primary', 'sm')} ml-3`}
            >
              Go to Draft Room
            </button>
          ) : null}
        </Banner>
      ) : null}
      {/* Announces AI picks to screen readers as they happen. */}
      <p
        role="status"
        aria-live="polite"
        className={aiTurn ? 'text-sm text-slate-600 dark:text-slate-400' : 'sr-only'}
      >
        {aiTurn ? `Pick ${draft.currentPick}: ${teamOnTurn(league).name} is picking…` : lastPickText(league)}
      </p>

      <Tabs label="Fantasy league" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'home' ? <LeagueHome league={league} onOpenDraftRoom={() => setTab('draft')} /> : null}
        {tab === 'draft' ? (
          <DraftRoom
            league={league}
            onStart={startDraft}
            onPick={pick}
            onToggleQueue={toggleQueue}
            onReset={reset}
          />
        ) : null}
        {tab === 'team' ? <MyTeam league={league} /> : null}
        {tab === 'review' ? <ReviewTeams league={league} /> : null}
        {tab === 'leaderboard' ? <Leaderboard league={league} /> : null}
      </Tabs>
    </div>
  );
}

function lastPickText(league: ReturnType<typeof useFantasyLeague>['league']): string {
  const last = league.draft.picks.at(-1);
  if (!last) return '';
  const team = league.teams.find((candidate) => candidate.id === last.teamId);
  return `${team?.name ?? ''} drafted ${last.company.name}.`;
}

function SummaryCard({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div className={`${cardClass} px-4 py-3`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 flex items-baseline gap-1.5">
        <span className="text-2xl font-bold tabular-nums">{value}</span>
        {unit ? <span className="text-sm text-slate-500 dark:text-slate-400">{unit}</span> : null}
      </dd>
    </div>
  );
}

function Banner({ tone, title, children }: { tone: 'success' | 'turn'; title: string; children: ReactNode }) {
  const colours =
    tone === 'success'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-100'
      : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100';
  return (
    <div role="region" aria-label={title} className={`rounded-2xl border px-4 py-3 ${colours}`}>
      <p className="text-lg font-bold">{title}</p>
      <div className="text-sm">{children}</div>
    </div>
  );
}

/** The fantasy page's League Home, My Team, Review Teams and Leaderboard tabs. */
import { buttonClass } from '@client/components/button';
import { DraftBoard } from './draft-board';
import {
  RECENT_ACTIVITY_COUNT,
  TOTAL_ROUNDS,
  recentPicks,
  standings,
  upcomingPicks,
  userTeam,
  type League,
} from './engine';
import { CompanyLogo } from './company-logo';
import { RealPointsWhy, useRealPoints } from './real-points';
import {
  CompanyName,
  CompanySummary,
  DeltaBadge,
  EmptyState,
  RankBadge,
  Section,
  VerticalBadge,
} from './parts';

const teamName = (league: League, id: string) => league.teams.find((team) => team.id === id)?.name ?? id;

/** Recent draft activity (the last 8 picks), the next picks in the order, and the board. */
export function LeagueHome({ league, onOpenDraftRoom }: { league: League; onOpenDraftRoom: () => void }) {
  const recent = recentPicks(league.draft);
  const upcoming = upcomingPicks(league);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 lg:grid-cols-2">
        <Section
          title="Recent Draft Activity"
          description={`The last ${RECENT_ACTIVITY_COUNT} picks, newest first.`}
        >
          {recent.length === 0 ? (
            <EmptyState title="No picks yet">
              {league.draft.isActive ? 'The first pick is yours.' : 'Start the draft in the Draft Room.'}
            </EmptyState>
          ) : (
            <ol aria-label="Recent draft activity" className="flex flex-col gap-2">
              {recent.map((pick) => (
                <li
                  key={pick.pick}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
                >
                  <CompanyLogo company={pick.company} size="sm" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="truncate">
                      <span className="font-semibold">{teamName(league, pick.teamId)}</span> drafted{' '}
                      <span className="font-semibold">{pick.company.name}</span>
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      Round {pick.round} · Pick {pick.pick}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Section>

        <Section title="Draft Order" description="Who picks next.">
          {upcoming.length === 0 ? (
            <EmptyState title="The draft is over">Every team has its {TOTAL_ROUNDS} startups.</EmptyState>
          ) : (
            <ol aria-label="Draft order" className="grid gap-2 sm:grid-cols-2">
              {upcoming.map(({ pick, round, team }, index) => {
                const onClock = index === 0 && league.draft.isActive;
                return (
                  <li
                    key={pick}
                    aria-current={onClock ? 'step' : undefined}
                    className={`rounded-lg border px-3 py-2 ${
                      onClock
                        ? 'border-amber-400 bg-amber-50 dark:border-amber-500/60 dark:bg-amber-500/10'
                        : team.owner === 'You'
                          ? 'border-brand-500/40 bg-brand-50 dark:bg-brand-500/10'
                          : 'border-slate-200 dark:border-slate-800'
                    }`}
                  >
                    <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                      Pick {pick} · Round {round}
                    </p>
                    <p className="truncate font-semibold">{team.name}</p>
                    {onClock ? (
                      <p className="text-xs font-medium text-amber-700 dark:text-amber-400">On the clock</p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
          {!league.draft.isActive && !league.draft.isComplete ? (
            <button type="button" onClick={onOpenDraftRoom} className={`${buttonClass('secondary')} mt-4`}>
              Go to Draft Room
            </button>
          ) : null}
        </Section>
      </div>
      <DraftBoard league={league} />
    </div>
  );
}

/**
 * The user's companies with their fantasy points and latest change: random placeholders, by design,
 * except for a company the server has real points for this week, which shows those (and says so).
 */
export function MyTeam({ league }: { league: League }) {
  const team = userTeam(league);
  const realPoints = useRealPoints();
  const shownPoints = (link: string) => realPoints?.get(link) ?? league.stats[link]?.points ?? 0;
  const companyPoints = team.companies.reduce((sum, company) => sum + shownPoints(company.link), 0);
  const anyReal = team.companies.some((company) => realPoints?.has(company.link));
  return (
    <Section
      title={team.name}
      description={`Rank ${team.rank} of ${league.teams.length} · ${team.points} points · ${team.companies.length} of ${TOTAL_ROUNDS} startups`}
    >
      {team.companies.length === 0 ? (
        <EmptyState title="No startups yet">Draft startups in the Draft Room to build your team.</EmptyState>
      ) : (
        <>
          <ul aria-label="My companies" className="flex flex-col gap-2">
            {team.companies.map((company) => {
              const stats = league.stats[company.link];
              const real = realPoints?.get(company.link);
              return (
                <li
                  key={company.link}
                  className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:flex-wrap sm:items-center dark:border-slate-800"
                >
                  <div className="min-w-0 flex-1">
                    <CompanySummary company={company} />
                  </div>
                  {real === undefined ? (
                    <div className="flex items-center gap-3 self-end sm:self-center">
                      <span className="text-right">
                        <span className="block text-lg leading-tight font-bold tabular-nums">
                          {stats?.points ?? 0}
                        </span>
                        <span className="text-xs text-slate-500 dark:text-slate-400">points</span>
                      </span>
                      <DeltaBadge delta={stats?.delta ?? 0} />
                    </div>
                  ) : (
                    <>
                      <span className="self-end text-right sm:self-center">
                        <span className="block text-lg leading-tight font-bold tabular-nums">{real}</span>
                        <span className="text-xs text-slate-500 dark:text-slate-400">
                          Real points this week
                        </span>
                      </span>
                      <RealPointsWhy link={company.link} name={company.name} />
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          {anyReal ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              Real points this week come from the news, Hacker News and GitHub; the other companies show
              placeholder points.
            </p>
          ) : null}
          <p className="mt-4 text-right text-sm text-slate-600 dark:text-slate-400">
            Company points:{' '}
            <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
              {companyPoints}
            </span>
          </p>
        </>
      )}
    </Section>
  );
}

/** Every team and the companies it drafted. */
export function ReviewTeams({ league }: { league: League }) {
  return (
    <ul aria-label="Teams" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
      {league.teams.map((team) => (
        <li key={team.id}>
          <Section
            title={team.name}
            className="h-full"
            description={`${team.owner === 'You' ? 'Your team' : 'AI team'} · Rank ${team.rank} · ${team.points} points`}
          >
            {team.companies.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No startups drafted yet.</p>
            ) : (
              <ol aria-label={`${team.name} companies`} className="flex flex-col gap-2">
                {team.companies.map((company) => (
                  <li key={company.link} className="flex items-center gap-2 text-sm">
                    <CompanyLogo company={company} size="sm" />
                    <CompanyName company={company} className="min-w-0 truncate" />
                    <span className="ml-auto shrink-0">
                      <VerticalBadge company={company} />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </li>
      ))}
    </ul>
  );
}

/** Teams by rank, medal colours for the top three. */
export function Leaderboard({ league }: { league: League }) {
  return (
    <Section title="Leaderboard" description="Teams ranked by points.">
      <ol aria-label="Leaderboard" className="flex flex-col gap-2">
        {standings(league).map((team) => {
          const mine = team.owner === 'You';
          return (
            <li
              key={team.id}
              aria-current={mine ? 'true' : undefined}
              className={`flex items-center gap-3 rounded-xl border px-3 py-2.5 ${
                mine
                  ? 'border-brand-500/50 bg-brand-50 dark:bg-brand-500/10'
                  : 'border-slate-200 dark:border-slate-800'
              }`}
            >
              <RankBadge rank={team.rank} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">
                  {team.name}
                  {mine ? (
                    <span className="ml-2 text-xs font-medium text-brand-700 dark:text-brand-100">(You)</span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {team.companies.length} {team.companies.length === 1 ? 'startup' : 'startups'}
                </p>
              </div>
              <span className="text-right">
                <span className="block text-lg leading-tight font-bold tabular-nums">{team.points}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">points</span>
              </span>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

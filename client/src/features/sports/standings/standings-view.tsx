import { useId, useState } from 'react';
import type { LeagueKey } from '@shared/data/teams';
import type { Standings, StandingsGroup, StandingsTeam } from '@shared/schemas/gamecast';
import { SPORTS_LEAGUE_NAMES, type LeagueName } from '@shared/schemas/sports';
import { formatUpdated, leagueKeyOf } from '../game-format';
import { StandingsError, StandingsSkeleton } from './standings-frame';
import { useStandings } from './use-standings';

/** What each column's short label stands for (the header's tooltip and accessible name). */
const COLUMN_NAMES: Record<string, string> = {
  W: 'Wins',
  L: 'Losses',
  T: 'Ties',
  PCT: 'Winning percentage',
  GB: 'Games behind',
  STRK: 'Streak',
  GP: 'Games played',
  OTL: 'Overtime losses',
  PTS: 'Points',
};

const PICKER_BUTTON =
  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const PICKER_ON = 'bg-brand-600 text-white';
const PICKER_OFF = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

function LeaguePicker({ value, onChange }: { value: LeagueName; onChange: (league: LeagueName) => void }) {
  return (
    <div
      role="group"
      aria-label="League"
      className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
    >
      {SPORTS_LEAGUE_NAMES.map((league) => (
        <button
          key={league}
          type="button"
          aria-pressed={league === value}
          onClick={() => onChange(league)}
          className={`${PICKER_BUTTON} ${league === value ? PICKER_ON : PICKER_OFF}`}
        >
          {league}
        </button>
      ))}
    </div>
  );
}

type IsFavourite = (team: StandingsTeam) => boolean;

function TeamTable({
  group,
  columns,
  headingId,
  isFavourite,
}: {
  group: StandingsGroup;
  columns: readonly string[];
  headingId: string;
  isFavourite: IsFavourite;
}) {
  return (
    // Focusable so a keyboard can scroll a table wider than a phone.
    <div
      role="region"
      aria-labelledby={headingId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:bg-slate-900"
    >
      <table
        className="w-full min-w-[22rem] border-collapse text-sm tabular-nums"
        aria-labelledby={headingId}
      >
        <thead>
          <tr className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
            <th scope="col" className="w-8 px-2 py-2 text-right">
              <abbr title="Rank" className="no-underline">
                #
              </abbr>
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              Team
            </th>
            {columns.map((label) => (
              <th key={label} scope="col" className="px-2 py-2 text-right">
                <abbr title={COLUMN_NAMES[label] ?? label} className="no-underline">
                  {label}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(group.teams ?? []).map((team, index) => {
            const favourite = isFavourite(team);
            return (
              <tr
                key={team.name}
                className={`border-t border-slate-100 dark:border-slate-800 ${
                  favourite ? 'bg-amber-50 dark:bg-amber-400/10' : ''
                }`}
              >
                <td className="px-2 py-2 text-right text-slate-500 dark:text-slate-400">{index + 1}</td>
                <th
                  scope="row"
                  className={`px-2 py-2 text-left whitespace-nowrap ${
                    favourite
                      ? 'font-semibold text-slate-900 dark:text-white'
                      : 'font-medium text-slate-800 dark:text-slate-100'
                  }`}
                >
                  {team.abbreviation ? (
                    // A phone shows the short name (the table stays narrow); a screen reader hears the full one.
                    <>
                      <span aria-hidden="true" className="sm:hidden">
                        {team.abbreviation}
                      </span>
                      <span className="sr-only sm:not-sr-only">{team.name}</span>
                    </>
                  ) : (
                    team.name
                  )}
                  {favourite ? (
                    <span className="ml-1.5 text-amber-700 dark:text-amber-300" title="Favourite team">
                      ★<span className="sr-only"> Favourite team</span>
                    </span>
                  ) : null}
                </th>
                {team.values.map((value, column) => (
                  <td
                    key={columns[column] ?? column}
                    className="px-2 py-2 text-right text-slate-700 dark:text-slate-200"
                  >
                    {value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A conference: its own table, or a heading over its divisions' tables. */
function GroupSection({
  group,
  columns,
  level,
  isFavourite,
}: {
  group: StandingsGroup;
  columns: readonly string[];
  level: 3 | 4;
  isFavourite: IsFavourite;
}) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading
        id={headingId}
        className={
          level === 3
            ? 'text-base font-semibold text-slate-900 dark:text-white'
            : 'text-sm font-semibold text-slate-700 dark:text-slate-200'
        }
      >
        {group.name}
      </Heading>
      {group.groups ? (
        <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
          {group.groups.map((division) => (
            <GroupSection
              key={division.name}
              group={division}
              columns={columns}
              level={4}
              isFavourite={isFavourite}
            />
          ))}
        </div>
      ) : (
        <TeamTable group={group} columns={columns} headingId={headingId} isFavourite={isFavourite} />
      )}
    </section>
  );
}

function StandingsTables({ standings, isFavourite }: { standings: Standings; isFavourite: IsFavourite }) {
  // Conferences with divisions stack (each holds a grid); conference tables sit side by side when wide.
  const nested = standings.groups.some((group) => group.groups);
  return (
    <div className="space-y-4">
      <div className={nested ? 'space-y-6' : 'grid grid-cols-1 gap-6 xl:grid-cols-2'}>
        {standings.groups.map((group) => (
          <GroupSection
            key={group.name}
            group={group}
            columns={standings.columns}
            level={3}
            isFavourite={isFavourite}
          />
        ))}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {standings.season ? `${standings.season} season · ` : ''}
        Updated <time dateTime={standings.updatedAt}>{formatUpdated(standings.updatedAt)}</time>
      </p>
    </div>
  );
}

export interface StandingsViewProps {
  /** Whether a team (catalogue full name) is one of the user's favourites in that league. */
  isFavouriteTeam?: (league: LeagueKey, teamName: string) => boolean;
}

/** A league's standings: a league picker, then its conferences and divisions, favourites marked. */
export function StandingsView({ isFavouriteTeam }: StandingsViewProps) {
  const [league, setLeague] = useState<LeagueName>('NFL');
  const { state, retry } = useStandings(league);
  const headingId = useId();
  const isFavourite: IsFavourite = (team) => isFavouriteTeam?.(leagueKeyOf(league), team.name) ?? false;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {league} standings
        </h2>
        <LeaguePicker value={league} onChange={setLeague} />
      </div>
      {state.status === 'loading' ? (
        <StandingsSkeleton />
      ) : state.status === 'error' ? (
        state.unavailable ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
            {state.message}
          </p>
        ) : (
          <StandingsError message={state.message} onRetry={retry} />
        )
      ) : (
        <StandingsTables standings={state.standings} isFavourite={isFavourite} />
      )}
    </section>
  );
}

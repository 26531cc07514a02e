import { Link } from '@client/components/link';
import type { League } from '@shared/schemas/leagues';
import { teamPoints, PointsWhy } from './league-points';
import { companyName, Panel, picksBySeat, SeatName } from './parts';

export interface ResultsProps {
  league: League;
  points: ReadonlyMap<string, number>;
}

/** Teams ranked by their companies' real points this week (teams without any last). */
export function rankTeams(league: League, points: ReadonlyMap<string, number>) {
  const bySeat = picksBySeat(league);
  return league.seats
    .map((seat) => ({
      seat,
      companies: bySeat.get(seat.seat) ?? [],
      total: teamPoints(bySeat.get(seat.seat) ?? [], points),
    }))
    .sort((a, b) => (b.total ?? -1) - (a.total ?? -1) || a.seat.seat - b.seat.seat);
}

const pointsText = (value: number | null) => (value === null ? 'No points yet' : `${value} pts`);

/** After the draft: the leaderboard and every team's companies. */
export function Results({ league, points }: ResultsProps) {
  const ranked = rankTeams(league, points);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Leaderboard">
        {points.size === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            This week&apos;s points are not computed yet: the ranking follows once they are.
          </p>
        ) : null}
        <ol className="flex flex-col gap-1.5">
          {ranked.map(({ seat, total }, index) => (
            <li
              key={seat.seat}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <span className="w-6 font-semibold tabular-nums">#{index + 1}</span>
              <Link to={`teams/${seat.seat}`} className="min-w-0 flex-1 truncate hover:underline">
                <SeatName seat={seat} />
              </Link>
              <span className="text-sm font-semibold tabular-nums">{pointsText(total)}</span>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title="Teams">
        <ul className="flex flex-col gap-3">
          {ranked.map(({ seat, companies }) => (
            <li key={seat.seat}>
              <Link to={`teams/${seat.seat}`} className="hover:underline">
                <SeatName seat={seat} />
              </Link>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {companies.map(companyName).join(', ')}
              </p>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** One team's page: its companies with their points and why. */
export function TeamPage({ league, points, seatIndex }: ResultsProps & { seatIndex: number }) {
  const seat = league.seats.find((candidate) => candidate.seat === seatIndex);
  if (!seat) return <p>That team is not in this league.</p>;
  const companies = picksBySeat(league).get(seat.seat) ?? [];
  const total = teamPoints(companies, points);
  return (
    <Panel title={`${seat.teamName}: ${pointsText(total)}`}>
      <p className="text-sm">
        <SeatName seat={seat} />
      </p>
      {companies.length === 0 ? <p className="text-sm">No companies drafted yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {companies.map((id) => {
          const value = points.get(id);
          return (
            <li
              key={id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <span className="font-medium">{companyName(id)}</span>
              <span className="flex items-start gap-2">
                <span className="text-sm font-semibold tabular-nums">
                  {value === undefined ? 'No points yet' : `${value} pts`}
                </span>
                {value !== undefined ? <PointsWhy link={id} name={companyName(id)} /> : null}
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="../.." relative="path" className="text-sm underline">
        Back to the league
      </Link>
    </Panel>
  );
}

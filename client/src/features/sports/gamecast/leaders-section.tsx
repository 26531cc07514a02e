import { useId } from 'react';
import type { GamecastLeader } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { SECTION_HEADING } from './section-style';

/** Each team's leaders, category by category, away team first. */
export function LeadersSection({ game, leaders }: { game: Game; leaders: GamecastLeader[] }) {
  const headingId = useId();
  if (leaders.length === 0) return null;
  const teams = (['away', 'home'] as const)
    .map((side) => ({
      side,
      name: side === 'away' ? game.awayTeam : game.homeTeam,
      leaders: leaders.filter((leader) => leader.team === side),
    }))
    .filter((team) => team.leaders.length > 0);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className={SECTION_HEADING}>
        Leaders
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {teams.map((team) => (
          <div key={team.side} className="rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800">
            <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{team.name}</h4>
            <dl className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
              {team.leaders.map((leader) => (
                <div key={leader.category} className="py-1.5">
                  <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
                    {leader.category}
                  </dt>
                  <dd className="text-sm text-slate-900 dark:text-slate-100">
                    <span className="font-semibold">{leader.athlete}</span>
                    <span className="ml-2 text-slate-700 dark:text-slate-300">{leader.value}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

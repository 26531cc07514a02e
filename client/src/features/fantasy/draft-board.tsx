import { teamForPick, type DraftPick, type League } from './engine';
import { Section } from './parts';

/**
 * The draft board: a round-by-team grid that fills as picks come in, the pick on the clock
 * outlined. Scrolls sideways on narrow screens (the scroller is focusable so keyboards can too).
 */
export function DraftBoard({ league }: { league: League }) {
  const { draft } = league;
  const size = draft.draftOrder.length;
  const byPick = new Map<number, DraftPick>(draft.picks.map((pick) => [pick.pick, pick]));
  const onClock = draft.isActive && !draft.isComplete ? draft.currentPick : null;
  const orderedTeams = draft.draftOrder.map((_, index) => teamForPick(league, index + 1));

  return (
    <Section
      title="Draft Board"
      description={`${draft.picks.length} of ${size * draft.totalRounds} picks made`}
    >
      <div
        role="region"
        aria-label="Draft board, scrolls sideways"
        tabIndex={0}
        className="-mx-1 overflow-x-auto rounded-lg px-1 pb-1"
      >
        <table className="w-full min-w-[56rem] table-fixed border-separate border-spacing-1 text-left text-xs">
          <caption className="sr-only">Companies drafted by each team in each round</caption>
          <thead>
            <tr>
              <th scope="col" className="w-14 px-1 font-medium text-slate-500 dark:text-slate-400">
                Round
              </th>
              {orderedTeams.map((team) => (
                <th
                  key={team.id}
                  scope="col"
                  className={`px-1 py-1 align-bottom leading-tight font-semibold break-words ${team.owner === 'You' ? 'text-brand-700 dark:text-brand-100' : 'text-slate-700 dark:text-slate-300'}`}
                  title={team.name}
                >
                  {team.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: draft.totalRounds }, (_, roundIndex) => (
              <tr key={roundIndex}>
                <th scope="row" className="px-1 font-medium text-slate-500 dark:text-slate-400">
                  {roundIndex + 1}
                </th>
                {orderedTeams.map((team, teamIndex) => {
                  const number = roundIndex * size + teamIndex + 1;
                  const pick = byPick.get(number);
                  const mine = team.owner === 'You';
                  return (
                    <td
                      key={team.id}
                      data-pick={number}
                      aria-current={number === onClock ? 'step' : undefined}
                      className={`h-12 rounded-md px-1.5 py-1 align-top ${
                        pick
                          ? mine
                            ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100'
                            : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                          : 'bg-slate-50 text-slate-400 dark:bg-slate-900/60 dark:text-slate-600'
                      } ${number === onClock ? 'outline-2 outline-offset-0 outline-amber-500' : ''}`}
                    >
                      <span className="block text-[10px] text-slate-600 tabular-nums dark:text-slate-400">
                        #{number}
                      </span>
                      {pick ? (
                        <span
                          className="line-clamp-2 font-medium break-words"
                          title={pick.company.description}
                        >
                          {pick.company.name}
                        </span>
                      ) : number === onClock ? (
                        <span className="font-medium text-amber-700 dark:text-amber-400">On the clock</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

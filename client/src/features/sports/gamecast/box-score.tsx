import { useId, useState, type ReactNode } from 'react';
import type { Gamecast, GamecastPlayerTable, GamecastSide } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { teamShortName } from '../game-format';
import { CELL, HEAD_CELL, SCROLL_FRAME, SECTION_HEADING, TABLE, toggleClass } from './section-style';

/** A table that scrolls sideways inside its frame; focusable so a keyboard can scroll it too. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={SCROLL_FRAME}>
      {children}
    </div>
  );
}

function TeamStats({ game, stats }: { game: Game; stats: Gamecast['teamStats'] }) {
  const away = teamShortName(game.league, game.awayTeam);
  const home = teamShortName(game.league, game.homeTeam);
  return (
    <ScrollingTable label="Team statistics">
      <table className={TABLE}>
        <caption className="sr-only">Team statistics</caption>
        <thead>
          <tr>
            <th scope="col" className={`${HEAD_CELL} text-right`}>
              {away}
            </th>
            <th scope="col" className={`${HEAD_CELL} text-center`}>
              Statistic
            </th>
            <th scope="col" className={`${HEAD_CELL} text-left`}>
              {home}
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.map((stat) => (
            <tr key={stat.label}>
              <td
                className={`${CELL} text-right font-semibold whitespace-nowrap text-slate-900 dark:text-slate-100`}
              >
                {stat.away}
              </td>
              <th
                scope="row"
                className={`${CELL} text-center font-normal text-slate-600 dark:text-slate-300`}
              >
                {stat.label}
              </th>
              <td
                className={`${CELL} text-left font-semibold whitespace-nowrap text-slate-900 dark:text-slate-100`}
              >
                {stat.home}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function PlayerRows({ athletes }: { athletes: GamecastPlayerTable['athletes'] }) {
  return athletes.map((athlete, index) => (
    <tr key={`${athlete.name}-${index}`}>
      <th
        scope="row"
        className={`${CELL} sticky left-0 bg-white text-left font-medium whitespace-nowrap text-slate-900 dark:bg-slate-900 dark:text-slate-100`}
      >
        {athlete.name}
        {athlete.position ? ' ' : null}
        {athlete.position ? (
          <span className="ml-1.5 text-xs font-normal text-slate-500 dark:text-slate-400">
            {athlete.position}
          </span>
        ) : null}
      </th>
      {athlete.stats.map((value, column) => (
        <td
          key={column}
          className={`${CELL} text-right whitespace-nowrap text-slate-800 dark:text-slate-200`}
        >
          {value}
        </td>
      ))}
    </tr>
  ));
}

function PlayerTable({ table, teamName }: { table: GamecastPlayerTable; teamName: string }) {
  const caption = table.title ? `${teamName} ${table.title}` : teamName;
  // Starters first, each group under its own row header, when the source tells starters apart.
  const starters = table.athletes.filter((athlete) => athlete.starter);
  const bench = table.athletes.filter((athlete) => !athlete.starter);
  const grouped = starters.length > 0 && bench.length > 0;
  const groupHeader = (label: string) => (
    <tr>
      <th
        scope="rowgroup"
        colSpan={table.labels.length + 1}
        className="bg-slate-50 px-2 py-1 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300"
      >
        {label}
      </th>
    </tr>
  );
  return (
    <ScrollingTable label={caption}>
      <table className={TABLE}>
        <caption className="px-2 pt-2 text-left text-xs font-semibold text-slate-700 dark:text-slate-200">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${HEAD_CELL} sticky left-0 bg-white text-left dark:bg-slate-900`}>
              Player
            </th>
            {table.labels.map((label, index) => (
              <th key={index} scope="col" className={`${HEAD_CELL} text-right`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        {grouped ? (
          <>
            <tbody>
              {groupHeader('Starters')}
              <PlayerRows athletes={starters} />
            </tbody>
            <tbody>
              {groupHeader('Bench')}
              <PlayerRows athletes={bench} />
            </tbody>
          </>
        ) : (
          <tbody>
            <PlayerRows athletes={[...starters, ...bench]} />
          </tbody>
        )}
      </table>
    </ScrollingTable>
  );
}

/**
 * The box score: team statistics side by side (away, statistic, home), and each team's player tables
 * with the source's own column labels, one team at a time so the dialog stays short.
 */
export function BoxScore({
  game,
  gamecast,
}: {
  game: Game;
  gamecast: Pick<Gamecast, 'teamStats' | 'playerTables'>;
}) {
  const headingId = useId();
  const sides = (['away', 'home'] as const).filter((side) =>
    gamecast.playerTables.some((table) => table.team === side && table.athletes.length > 0),
  );
  const [chosen, setChosen] = useState<GamecastSide>('away');
  if (gamecast.teamStats.length === 0 && sides.length === 0) return null;
  const side = sides.includes(chosen) ? chosen : sides[0];
  const teamName = (which: GamecastSide) => (which === 'away' ? game.awayTeam : game.homeTeam);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className={SECTION_HEADING}>
        Box score
      </h3>
      {gamecast.teamStats.length > 0 ? <TeamStats game={game} stats={gamecast.teamStats} /> : null}
      {side ? (
        <div className="space-y-3">
          {sides.length > 1 ? (
            <div role="group" aria-label="Player statistics for" className="flex flex-wrap gap-2">
              {sides.map((which) => (
                <button
                  key={which}
                  type="button"
                  aria-pressed={which === side}
                  onClick={() => setChosen(which)}
                  className={toggleClass(which === side)}
                >
                  {teamName(which)}
                </button>
              ))}
            </div>
          ) : null}
          {gamecast.playerTables
            .filter((table) => table.team === side && table.athletes.length > 0)
            .map((table, index) => (
              <PlayerTable key={`${side}-${table.title}-${index}`} table={table} teamName={teamName(side)} />
            ))}
        </div>
      ) : null}
    </section>
  );
}

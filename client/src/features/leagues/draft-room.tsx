import { useMemo, useState, type ReactNode } from 'react';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import { LEAGUE_QUEUE_MAX, type League, type LeaguePick } from '@shared/schemas/leagues';
import { buttonClass } from '@client/components/button';
import { errorMessage } from '@client/lib/api-client';
import { companyName, ErrorNote, mySeat, Panel, SeatName } from './parts';
import { PickClock } from './pick-clock';
import { QueueList } from './queue-list';

/** How many companies the available list shows at once; the search narrows it. */
const AVAILABLE_SHOWN = 60;

const HOW_LABELS: Record<LeaguePick['how'], string> = {
  pick: '',
  queue: 'from queue',
  auto: 'auto pick',
  ai: '',
};

export interface DraftRoomProps {
  league: League;
  queue: readonly string[];
  /** The signed-in person's login. */
  me: string;
  onPick(companyId: string): Promise<unknown>;
  onQueueChange(companyIds: string[]): Promise<unknown>;
  onCommand(action: 'pause' | 'resume'): Promise<unknown>;
  now?: () => number;
  /** The league's chat, composed by the app (shown under the draft). */
  chat?: ReactNode;
}

/** The live draft: the clock, the board by round, the available companies, my queue. */
export function DraftRoom({
  league,
  queue,
  me,
  onPick,
  onQueueChange,
  onCommand,
  now,
  chat,
}: DraftRoomProps) {
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seat = mySeat(league, me);
  const onClock = league.clock ? league.seats[league.clock.seat] : undefined;
  const myTurn = league.status === 'drafting' && onClock !== undefined && onClock.seat === seat?.seat;
  const isCommissioner = league.commissioner === me;
  const taken = useMemo(() => new Set(league.picks.map((pick) => pick.companyId)), [league.picks]);
  const myQueue = queue.filter((id) => !taken.has(id));
  const queued = new Set(myQueue);

  const available = useMemo(() => {
    const words = search.trim().toLowerCase();
    return CATALOGUE_COMPANIES.filter(
      (company) =>
        !taken.has(company.link) &&
        (!words ||
          company.name.toLowerCase().includes(words) ||
          company.vertical.toLowerCase().includes(words) ||
          company.description.toLowerCase().includes(words)),
    );
  }, [search, taken]);

  const attempt = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (cause) {
      setError(errorMessage(cause, 'That did not work. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const rounds = Array.from({ length: league.rounds }, (_, index) => index + 1);
  const currentRound = league.clock
    ? Math.ceil(league.clock.overall / league.seats.length)
    : Math.ceil(Math.max(1, league.picks.length) / league.seats.length);

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label="On the clock"
        className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-4 ${myTurn ? 'border-brand-600 bg-brand-50 dark:bg-brand-500/15' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'}`}
      >
        <div aria-live="polite">
          {league.status === 'paused' ? (
            <p className="text-lg font-semibold">The draft is paused.</p>
          ) : onClock ? (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Round {currentRound} of {league.rounds}, pick {league.clock!.overall}
              </p>
              <p className="text-lg font-semibold">
                {myTurn ? (
                  "You're on the clock"
                ) : (
                  <>
                    On the clock: <SeatName seat={onClock} />
                  </>
                )}
              </p>
            </>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          {league.clock ? <PickClock deadline={league.clock.deadline} now={now} /> : null}
          {isCommissioner && league.status === 'drafting' ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={() => attempt(() => onCommand('pause'))}
            >
              Pause draft
            </button>
          ) : null}
          {isCommissioner && league.status === 'paused' ? (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy}
              onClick={() => attempt(() => onCommand('resume'))}
            >
              Resume draft
            </button>
          ) : null}
        </div>
      </section>
      <ErrorNote message={error} />

      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Available companies">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Search companies
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {available.length > AVAILABLE_SHOWN
              ? `Showing ${AVAILABLE_SHOWN} of ${available.length} available`
              : `${available.length} available`}
          </p>
          <ul
            className="flex max-h-[32rem] flex-col gap-1.5 overflow-y-auto"
            aria-label="Available companies"
          >
            {available.slice(0, AVAILABLE_SHOWN).map((company) => (
              <li
                key={company.link}
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5 dark:border-slate-700"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{company.name}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {company.vertical || 'Other'}
                  </span>
                </span>
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`Queue ${company.name}`}
                  disabled={queued.has(company.link) || myQueue.length >= LEAGUE_QUEUE_MAX || !seat}
                  onClick={() => attempt(() => onQueueChange([...myQueue, company.link]))}
                >
                  Queue
                </button>
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  aria-label={`Draft ${company.name}`}
                  disabled={!myTurn || busy}
                  onClick={() => attempt(() => onPick(company.link))}
                >
                  Draft
                </button>
              </li>
            ))}
          </ul>
        </Panel>

        <Panel title="My queue">
          <QueueList companyIds={myQueue} onChange={(ids) => void attempt(() => onQueueChange(ids))} />
        </Panel>

        <Panel title="Draft board">
          <div
            role="region"
            className="flex max-h-[36rem] flex-col gap-3 overflow-y-auto"
            tabIndex={0}
            aria-label="Picks by round"
          >
            {/* The round being drafted first, so the pick on the clock is always in view. */}
            {rounds
              .filter((round) => round <= currentRound)
              .reverse()
              .map((round) => (
                <div key={round}>
                  <h3 className="text-sm font-semibold">Round {round}</h3>
                  <ol className="mt-1 flex flex-col gap-0.5 text-sm">
                    {league.seats.map((boardSeat, index) => {
                      const overall = (round - 1) * league.seats.length + index + 1;
                      const pick = league.picks[overall - 1];
                      return (
                        <li key={overall} className="flex gap-2" data-testid={`pick-${overall}`}>
                          <span className="w-8 shrink-0 text-right text-slate-600 tabular-nums dark:text-slate-400">
                            {overall}.
                          </span>
                          <span className="min-w-0 flex-1 truncate">
                            <span className="text-slate-600 dark:text-slate-400">{boardSeat.teamName}: </span>
                            {pick ? (
                              <>
                                <span className="font-medium">{companyName(pick.companyId)}</span>
                                {HOW_LABELS[pick.how] ? (
                                  <span className="text-xs text-slate-600 dark:text-slate-400">
                                    {' '}
                                    ({HOW_LABELS[pick.how]})
                                  </span>
                                ) : null}
                              </>
                            ) : (
                              <span className="text-slate-600 dark:text-slate-400">…</span>
                            )}
                          </span>
                        </li>
                      );
                    })}
                  </ol>
                </div>
              ))}
          </div>
        </Panel>
      </div>
      {chat}
    </div>
  );
}

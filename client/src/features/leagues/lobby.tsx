import { useState } from 'react';
import { AI_TEAM_NAMES } from '@shared/fantasy/ai-picks';
import { LEAGUE_MAX_SEATS, type League } from '@shared/schemas/leagues';
import { buttonClass } from '@client/components/button';
import { errorMessage } from '@client/lib/api-client';
import { InviteLink } from './invite-link';
import { ErrorNote, Panel, SeatName } from './parts';

export interface LobbyProps {
  league: League;
  me: string;
  onRemove(login: string): Promise<unknown>;
  onStart(): Promise<unknown>;
}

/** Before the draft: who sits where, the invite link, and the commissioner's controls. */
export function Lobby({ league, me, onRemove, onStart }: LobbyProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isCommissioner = league.commissioner === me;
  const people = league.seats.filter((seat) => seat.kind === 'person');
  const aiNames = AI_TEAM_NAMES.slice(0, LEAGUE_MAX_SEATS - people.length);

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

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={`Seats (${people.length} of ${LEAGUE_MAX_SEATS} taken)`}>
        <ol className="flex flex-col gap-1.5">
          {people.map((seat) => (
            <li
              key={seat.login}
              className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <span>
                <SeatName seat={seat} />
                {seat.login === league.commissioner ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-500/15 dark:text-brand-100">
                    Commissioner
                  </span>
                ) : null}
              </span>
              {isCommissioner && seat.login !== me ? (
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Remove ${seat.login}`}
                  disabled={busy}
                  onClick={() => attempt(() => onRemove(seat.login!))}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
          {aiNames.map((name) => (
            <li
              key={name}
              className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-slate-600 dark:border-slate-700 dark:text-slate-400"
            >
              {name} <span className="text-sm">(AI team unless a friend takes this seat)</span>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title="Invite friends">
        <InviteLink inviteCode={league.inviteCode} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {league.rounds} rounds, {league.pickSeconds} seconds a pick. The draft order is drawn when the draft
          starts.
        </p>
        <ErrorNote message={error} />
        {isCommissioner ? (
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={busy}
            onClick={() => attempt(onStart)}
          >
            Start draft
          </button>
        ) : (
          <p className="text-sm">Waiting for @{league.commissioner} to start the draft.</p>
        )}
      </Panel>
    </div>
  );
}

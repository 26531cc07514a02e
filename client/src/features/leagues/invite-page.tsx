import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@client/components/link';
import type { LeagueInvitePreview } from '@shared/schemas/leagues';
import { ERROR_MESSAGES } from '@shared/errors';
import { buttonClass } from '@client/components/button';
import { Spinner } from '@client/components/spinner';
import { errorMessage } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/document-title';
import { leagueApi } from './league-api';
import { ErrorNote, Panel } from './parts';

/** Why a seat cannot be taken, before trying: a started or full league. */
export function seatRefusal(preview: LeagueInvitePreview): string | null {
  if (preview.joined) return null;
  if (preview.status !== 'lobby') return ERROR_MESSAGES.league_started;
  if (preview.people >= preview.maxSeats) return ERROR_MESSAGES.league_full;
  return null;
}

/** The invite link's page (signed in: the frame sends a signed-out visitor to sign in and back). */
export function InvitePage() {
  useDocumentTitle('Join a league');
  const { inviteCode = '' } = useParams();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<LeagueInvitePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    leagueApi
      .preview(inviteCode)
      .then((answer) => active && setPreview(answer))
      .catch((cause: unknown) => active && setError(errorMessage(cause, 'This invite link does not work.')));
    return () => {
      active = false;
    };
  }, [inviteCode]);

  const join = async () => {
    setError(null);
    setBusy(true);
    try {
      const league = await leagueApi.join(inviteCode);
      void navigate(`/fantasy/leagues/${league.id}`);
    } catch (cause) {
      setError(errorMessage(cause, 'Could not take a seat.'));
      setBusy(false);
    }
  };

  const refusal = preview ? seatRefusal(preview) : null;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Join a league</h1>
      {!preview && !error ? <Spinner label="Loading the invite..." /> : null}
      {preview ? (
        <Panel title={preview.name}>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Commissioner</dt>
            <dd>@{preview.commissioner}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Seats taken</dt>
            <dd>
              {preview.people} of {preview.maxSeats}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Pick time</dt>
            <dd>{preview.pickSeconds} s</dd>
          </dl>
          {preview.joined ? (
            <Link
              to={`/fantasy/leagues/${preview.leagueId}`}
              className={`${buttonClass('primary')} self-start`}
            >
              Open the league
            </Link>
          ) : (
            <button
              type="button"
              className={`${buttonClass('primary', 'lg')} self-start`}
              disabled={busy || refusal !== null}
              onClick={() => void join()}
            >
              Take a seat
            </button>
          )}
        </Panel>
      ) : null}
      <ErrorNote message={error ?? refusal} />
      <Link to="/fantasy/leagues" className="text-sm underline">
        Leagues with friends
      </Link>
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@client/components/link';
import {
  LEAGUE_NAME_MAX_CHARS,
  LEAGUE_PICK_SECONDS,
  type League,
  type LeaguePickSeconds,
  type LeagueSummary,
} from '@shared/schemas/leagues';
import { buttonClass } from '@client/components/button';
import { Spinner } from '@client/components/spinner';
import { errorMessage } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/document-title';
import { InviteLink } from './invite-link';
import { leagueApi } from './league-api';
import { onLeagueRemoved } from './league-socket';
import { ErrorNote, Panel, STATUS_LABELS } from './parts';

/** "Leagues with friends": my leagues, and a new one with its invite link. */
export function LeaguesPage() {
  useDocumentTitle('Leagues with friends');
  const [leagues, setLeagues] = useState<LeagueSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<League | null>(null);
  // Leagues the person was removed from while this page is open: a list read as the removal was
  // made may still hold one.
  const [removed] = useState(() => new Set<string>());

  useEffect(() => {
    let active = true;
    leagueApi
      .list()
      .then((list) => active && setLeagues(list.filter((league) => !removed.has(league.id))))
      .catch((error: unknown) => active && setLoadError(errorMessage(error, 'Could not load your leagues.')));
    return () => {
      active = false;
    };
  }, [created, removed]);

  // A league the commissioner removes the person from leaves the list at once, in every tab.
  useEffect(
    () =>
      onLeagueRemoved((leagueId) => {
        removed.add(leagueId);
        setLeagues((current) => current?.filter((league) => league.id !== leagueId) ?? current);
      }),
    [removed],
  );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Leagues with friends</h1>
        <p className="text-slate-600 dark:text-slate-400">
          Draft startups live against your friends; empty seats are AI teams.{' '}
          <Link to="/fantasy" className="underline">
            Back to the solo league
          </Link>
        </p>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <CreateLeague onCreated={setCreated} />
        <Panel title="My leagues">
          {created ? (
            <div className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3 dark:bg-brand-500/15">
              <p className="font-medium">
                {created.name} is ready. Share the link, then{' '}
                <Link to={created.id} className="underline">
                  open its lobby
                </Link>
                .
              </p>
              <InviteLink inviteCode={created.inviteCode} />
            </div>
          ) : null}
          <ErrorNote message={loadError} />
          {leagues === null && !loadError ? <Spinner label="Loading leagues..." /> : null}
          {leagues?.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No leagues yet: create one, or open a friend&apos;s invite link.
            </p>
          ) : null}
          <ul className="flex flex-col gap-2">
            {leagues?.map((league) => (
              <li key={league.id}>
                <Link
                  to={league.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className="font-medium">{league.name}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {STATUS_LABELS[league.status]} · {league.people}{' '}
                    {league.people === 1 ? 'person' : 'people'} · commissioner @{league.commissioner}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}

function CreateLeague({ onCreated }: { onCreated(league: League): void }) {
  const [name, setName] = useState('');
  const [pickSeconds, setPickSeconds] = useState<LeaguePickSeconds>(60);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('A league needs a name');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onCreated(await leagueApi.create({ name: name.trim(), pickSeconds }));
      setName('');
    } catch (cause) {
      setError(errorMessage(cause, 'Could not create the league.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title="Create a league">
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <label className="flex flex-col gap-1 text-sm font-medium">
          League name
          <input
            value={name}
            maxLength={LEAGUE_NAME_MAX_CHARS}
            onChange={(event) => setName(event.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Pick time</legend>
          <div className="flex flex-wrap gap-3">
            {LEAGUE_PICK_SECONDS.map((seconds) => (
              <label key={seconds} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="pick-seconds"
                  value={seconds}
                  checked={pickSeconds === seconds}
                  onChange={() => setPickSeconds(seconds)}
                />
                {seconds} s
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorNote message={error} />
        <button type="submit" className={`${buttonClass('primary')} self-start`} disabled={busy}>
          Create league
        </button>
      </form>
    </Panel>
  );
}

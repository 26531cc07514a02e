import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { Link } from '@client/components/link';
import type { League } from '@shared/schemas/leagues';
import { Spinner } from '@client/components/spinner';
import { useAuth } from '@client/lib/auth';
import { useDocumentTitle } from '@client/lib/document-title';
import { DraftRoom } from './draft-room';
import { leagueApi } from './league-api';
import { LeagueLostNotice, leagueLostTitle } from './league-lost';
import { useLeaguePoints } from './league-points';
import { Lobby } from './lobby';
import { ErrorNote, STATUS_LABELS } from './parts';
import { Results, TeamPage } from './results';
import { useLeagueRoom } from './use-league-room';

export interface LeaguePageProps {
  /** The league's chat in its draft room (composed by the app: features do not import each other). */
  renderDraftChat?: (league: League, me: string) => ReactNode;
}

/**
 * One league: its lobby, its live draft room, or its results, as its status says; once the league
 * is no longer the person's (the commissioner removed them), a notice that says so instead.
 */
export function LeaguePage({ renderDraftChat }: LeaguePageProps = {}) {
  const { leagueId = '' } = useParams();
  // Another league is another page: nothing of the one before carries over.
  return <LeagueView key={leagueId} leagueId={leagueId} renderDraftChat={renderDraftChat} />;
}

function LeagueView({ leagueId, renderDraftChat }: LeaguePageProps & { leagueId: string }) {
  const { user } = useAuth();
  const me = user?.login ?? '';
  const room = useLeagueRoom(leagueId);
  const points = useLeaguePoints();
  const { league, lost, act } = room;
  useDocumentTitle(lost ? leagueLostTitle(lost, league?.name ?? null) : league ? league.name : 'League');

  if (lost) return <LeagueLostNotice reason={lost} leagueName={league?.name ?? null} />;

  if (!league)
    return room.loadError ? (
      <div className="mx-auto flex max-w-xl flex-col gap-3">
        <h1 className="text-2xl font-bold">League not found</h1>
        <ErrorNote message={room.loadError} />
        <Link to="/fantasy/leagues" className="underline">
          Leagues with friends
        </Link>
      </div>
    ) : (
      <Spinner centered label="Loading the league..." />
    );

  const main =
    league.status === 'lobby' ? (
      <Lobby
        league={league}
        me={me}
        onRemove={async (login) => room.apply(await act(() => leagueApi.removeSeat(league.id, login)))}
        onStart={async () => room.apply(await act(() => leagueApi.command(league.id, 'start')))}
      />
    ) : league.status === 'complete' ? (
      <Results league={league} points={points} />
    ) : (
      <DraftRoom
        league={league}
        queue={room.queue}
        me={me}
        onPick={room.pick}
        onQueueChange={room.saveQueue}
        onCommand={async (action) => room.apply(await act(() => leagueApi.command(league.id, action)))}
        chat={renderDraftChat?.(league, me)}
      />
    );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm">
            <Link to="/fantasy/leagues" className="underline">
              Leagues with friends
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{league.name}</h1>
        </div>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-500/15 dark:text-brand-100">
          {STATUS_LABELS[league.status]}
        </p>
      </header>
      <Routes>
        <Route index element={main} />
        <Route path="teams/:seat" element={<TeamRoute league={league} points={points} />} />
      </Routes>
    </div>
  );
}

function TeamRoute(props: {
  league: NonNullable<ReturnType<typeof useLeagueRoom>['league']>;
  points: ReadonlyMap<string, number>;
}) {
  const { seat = '' } = useParams();
  return <TeamPage {...props} seatIndex={Number(seat)} />;
}

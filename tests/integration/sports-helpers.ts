import {
  allGames,
  type Game,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsGamesChangedPayload,
  type SportsRefreshProgress,
} from '@shared/schemas/sports';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

/** A signed-in user with an HTTP client and a real socket.io-client connection. */
export async function sportsFan(app: TestApp, name: string, sockets: TestSocket[]) {
  const fan = await signedInSocket(app, unique(name));
  sockets.push(fan.socket);
  return fan;
}

/** A scoreboard push: the whole dataset (the game list changed) or only the games that changed. */
export type ScoreboardPush = SportsDataUpdatedPayload | SportsGamesChangedPayload;

/** Every scoreboard push a socket receives from now on, of both kinds, in order. */
export function collectPushes(socket: TestSocket): ScoreboardPush[] {
  const seen: ScoreboardPush[] = [];
  socket.on('sportsDataUpdated', (payload) => seen.push(payload));
  socket.on('sports:games-changed', (payload) => seen.push(payload));
  return seen;
}

/** The next scoreboard push (either kind) a socket receives that satisfies `accept`. */
export function nextUpdate(
  socket: TestSocket,
  accept: (payload: ScoreboardPush) => boolean = () => true,
): Promise<ScoreboardPush> {
  return new Promise((resolve) => {
    const listener = (payload: ScoreboardPush) => {
      if (!accept(payload)) return;
      socket.off('sportsDataUpdated', listener);
      socket.off('sports:games-changed', listener);
      resolve(payload);
    };
    socket.on('sportsDataUpdated', listener);
    socket.on('sports:games-changed', listener);
  });
}

/** Collects every refresh progress event a socket receives. */
export function collectProgress(socket: TestSocket): SportsRefreshProgress[] {
  const seen: SportsRefreshProgress[] = [];
  socket.on('sports:refresh-progressed', (progress) => seen.push(progress));
  return seen;
}

/** A game as a dataset or a push carries it; a games-changed push carries only the changed games. */
export function gameIn(
  payload: { sportsData: SportsDataset } | ScoreboardPush,
  id: string,
): Game | undefined {
  if ('changes' in payload) return payload.changes.find((change) => change.game.id === id)?.game;
  return allGames(payload.sportsData).find((game) => game.id === id);
}

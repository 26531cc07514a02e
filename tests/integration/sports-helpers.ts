import { randomUUID } from 'node:crypto';
import type { SportsDataUpdatedPayload, SportsRefreshProgress } from '@shared/schemas/sports';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';

/** Logins are unique per test: rate limits and sessions may live in the run's shared Redis. */
export const unique = (login: string) => `${login}-${randomUUID().slice(0, 6)}`;

/** A signed-in user with an HTTP client and a real socket.io-client connection. */
export async function sportsFan(app: TestApp, name: string, sockets: TestSocket[]) {
  const fan = await signedInSocket(app, unique(name));
  sockets.push(fan.socket);
  return fan;
}

/** The next `sportsDataUpdated` a socket receives that satisfies `accept`. */
export function nextUpdate(
  socket: TestSocket,
  accept: (payload: SportsDataUpdatedPayload) => boolean = () => true,
): Promise<SportsDataUpdatedPayload> {
  return new Promise((resolve) => {
    const listener = (payload: SportsDataUpdatedPayload) => {
      if (!accept(payload)) return;
      socket.off('sportsDataUpdated', listener);
      resolve(payload);
    };
    socket.on('sportsDataUpdated', listener);
  });
}

/** Collects every refresh progress event a socket receives. */
export function collectProgress(socket: TestSocket): SportsRefreshProgress[] {
  const seen: SportsRefreshProgress[] = [];
  socket.on('sports:refresh-progressed', (progress) => seen.push(progress));
  return seen;
}

export const gameIn = (payload: { sportsData: SportsDataUpdatedPayload['sportsData'] }, id: string) =>
  payload.sportsData.leagues.flatMap((league) => league.games).find((game) => game.id === id);

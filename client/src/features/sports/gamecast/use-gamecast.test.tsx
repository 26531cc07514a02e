import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from '@client/lib/store';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gamecast } from '@shared/schemas/gamecast';
import {
  DEFAULT_GAME_DAY_SETTINGS,
  gameDaySettingsAtom,
  type DelaySeconds,
} from '@client/lib/game-day-settings';
import { FREE_THROW, FREE_THROW_CHANGE, NBA_GAME, NBA_GAMECAST } from './test-data';

const socket = await vi.hoisted(async () => (await import('./socket-double')).createSocketDouble());
vi.mock('@client/lib/socket', async () => {
  const { socketRequest, SocketRequestError } = await import('@shared/socket-request');
  return {
    getSocket: () => socket,
    request: (event: never, payload: never) => socketRequest(socket, event, payload, 8000),
    SocketRequestError,
  };
});

const { useGamecast } = await import('./use-gamecast');

beforeEach(() => socket.reset());
afterEach(() => vi.useRealTimers());

function follow(delaySeconds: DelaySeconds = 0) {
  const store = createStore();
  store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useGamecast(NBA_GAME.id, NBA_GAME.league), { wrapper });
  const gamecast = (): Gamecast | null | undefined => {
    const state = hook.result.current;
    return state.status === 'ready' ? state.gamecast : undefined;
  };
  const newestPlay = () => gamecast()?.scoringPlays[0]?.text;
  return { hook, gamecast, newestPlay };
}

/** Lets the acknowledgement's promise settle. */
const settle = () => act(async () => {});
const answer = async (gamecast: Gamecast | null, which = socket.watches.length - 1) => {
  socket.watches[which]!.answer(gamecast);
  await settle();
};
const push = (change: unknown) => act(() => socket.fire('gamecast:changed', change));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useGamecast', () => {
  it('watches the game when the dialog opens, applies each pushed change, and unwatches when it closes', async () => {
    const { hook, gamecast, newestPlay } = follow();
    expect(hook.result.current).toEqual({ status: 'loading' });
    expect(socket.watches.map((watch) => watch.gameId)).toEqual([NBA_GAME.id]);
    await answer(NBA_GAMECAST);
    expect(gamecast()).toEqual(NBA_GAMECAST);

    push(FREE_THROW_CHANGE);
    expect(newestPlay()).toBe(FREE_THROW.text);
    expect(gamecast()?.version).toBe(8);
    expect(gamecast()?.winProbability?.at(-1)?.homePercent).toBe(96.1);
    // Another game's change is not this one's.
    push({ ...FREE_THROW_CHANGE, gameId: '1', previousVersion: 8, version: 9 });
    expect(gamecast()?.version).toBe(8);

    expect(socket.emitted).toEqual([]);
    hook.unmount();
    expect(socket.emitted).toEqual([{ event: 'gamecast:unwatch', payload: { gameId: NBA_GAME.id } }]);
    expect(socket.watches).toHaveLength(1);
  });

  it('holds the first answer and every change for the game-day delay, like the score', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { hook, gamecast, newestPlay } = follow(10);
    await answer(NBA_GAMECAST);
    await wait(9_999);
    expect(hook.result.current).toEqual({ status: 'loading' });
    await wait(1);
    expect(gamecast()?.version).toBe(7);

    push(FREE_THROW_CHANGE);
    await wait(9_999);
    expect(newestPlay()).not.toBe(FREE_THROW.text);
    await wait(1);
    expect(newestPlay()).toBe(FREE_THROW.text);
  });

  it('watches again when a change does not follow the version held (one was missed), and shows the whole Gamecast', async () => {
    const { gamecast } = follow();
    await answer(NBA_GAMECAST);
    push({ ...FREE_THROW_CHANGE, previousVersion: 8, version: 9 });
    expect(gamecast()?.version).toBe(7);
    expect(socket.watches).toHaveLength(2);
    // A second change while the answer is on the way does not ask a third time.
    push({ ...FREE_THROW_CHANGE, previousVersion: 9, version: 10 });
    expect(socket.watches).toHaveLength(2);

    await answer({ ...NBA_GAMECAST, version: 10, scoringPlays: [FREE_THROW, ...NBA_GAMECAST.scoringPlays] });
    expect(gamecast()?.version).toBe(10);
    expect(gamecast()?.scoringPlays).toHaveLength(2);
    // A change already in that answer, arriving late, changes nothing.
    push({ ...FREE_THROW_CHANGE, previousVersion: 8, version: 9 });
    expect(socket.watches).toHaveLength(2);
    expect(gamecast()?.version).toBe(10);
  });

  it('watches again after the socket reconnects', async () => {
    const { gamecast } = follow();
    await answer(NBA_GAMECAST);
    act(() => socket.fire('connect'));
    expect(socket.watches).toHaveLength(2);
    await answer({ ...NBA_GAMECAST, version: 12, leaders: [] });
    expect(gamecast()?.version).toBe(12);
    expect(gamecast()?.leaders).toEqual([]);
  });

  it('after an answer of null (nothing read yet) takes the first change, which carries every section from version 0', async () => {
    const { gamecast } = follow();
    await answer(null);
    expect(gamecast()).toBeNull();
    const {
      gameId,
      updatedAt,
      scoringPlays,
      plays,
      teamStats,
      playerTables,
      leaders,
      winProbability,
      watch,
    } = NBA_GAMECAST;
    push({
      gameId,
      updatedAt,
      previousVersion: 0,
      version: 1,
      scoringPlays,
      plays,
      teamStats,
      playerTables,
      leaders,
      winProbability,
      watch,
    });
    expect(gamecast()).toEqual({ ...NBA_GAMECAST, version: 1 });
    expect(socket.watches).toHaveLength(1);
  });

  it('says so when the server does not know the game, and ignores an unreadable push', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { hook } = follow();
    socket.watches[0]!.refuse('not_found');
    await settle();
    expect(hook.result.current).toEqual({ status: 'unavailable', notFound: true });
    push({ gameId: NBA_GAME.id, version: 'eight' });
    expect(warn).toHaveBeenCalledWith('gamecast: ignoring an unreadable gamecast:changed push');
    warn.mockRestore();
  });
});

import type { createStore } from '@client/lib/store';
import {
  applyGamecastChange,
  gamecastChangeSchema,
  gamecastSchema,
  type Gamecast,
  type GamecastChange,
} from '@shared/schemas/gamecast';
import type { LeagueName } from '@shared/schemas/sports';
import { DelayBuffer } from '@client/lib/delay-buffer';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { getSocket, request, SocketRequestError } from '@client/lib/socket';

type JotaiStore = ReturnType<typeof createStore>;

/** What the dialog knows of a game's Gamecast. */
export type GamecastState =
  /** The first answer has not been released yet (asked, or held by the game-day delay). */
  | { status: 'loading' }
  /** `gamecast` is null when the source has no summary for the game (yet). */
  | { status: 'ready'; gamecast: Gamecast | null }
  /** The server would not give it (`not_found` for a game off the scoreboard, too many open, …). */
  | { status: 'unavailable'; notFound: boolean };

/** What waits in the game-day delay: a whole Gamecast (a watch's answer) or one change. */
type Held = { type: 'answer'; gamecast: Gamecast | null } | { type: 'change'; change: GamecastChange };

/** How long to wait before asking again when the server says this socket asks too often. */
const RATE_LIMITED_RETRY_MS = 5_000;

export interface FollowGamecastOptions {
  store: JotaiStore;
  gameId: string;
  league: LeagueName;
  onState: (state: GamecastState) => void;
}

/**
 * Follows one game's Gamecast on the app's socket until the returned stop is called: watches the game,
 * holds the answer and every pushed change for the viewer's game-day delay (in arrival order, like the
 * scores, so the Gamecast never runs ahead of the score on screen), applies each change as it is
 * released, and watches again when a change does not follow the version held (one was missed) or the
 * socket reconnects. Stopping unwatches.
 */
export function followGamecast({ store, gameId, league, onState }: FollowGamecastOptions): () => void {
  const socket = getSocket();
  let stopped = false;
  let current: Gamecast | null = null;
  let released = false;
  // A watch is asked and its answer not yet released: a change that does not fit waits for it.
  let awaitingAnswer = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const delayMs = () => store.get(gameDaySettingsAtom).delaySeconds * 1000;
  const buffer = new DelayBuffer<Held>(release, delayMs());
  const stopFollowingDelay = store.sub(gameDaySettingsAtom, () => buffer.setDelay(delayMs()));

  function show(gamecast: Gamecast | null) {
    current = gamecast;
    released = true;
    onState({ status: 'ready', gamecast });
  }

  function release(item: Held) {
    if (stopped) return;
    if (item.type === 'answer') {
      awaitingAnswer = false;
      // The server's answer is its whole Gamecast at that moment; null keeps what is shown.
      if (item.gamecast !== null || !released) show(item.gamecast);
      return;
    }
    const { change } = item;
    // After an answer of null, the server's first change carries every section from version 0.
    const base = current ?? (change.previousVersion === 0 ? emptyGamecast(gameId, league) : null);
    // Already in what is shown (it arrived before the answer that included it).
    if (base && change.version <= base.version) return;
    const next = base ? applyGamecastChange(base, change) : null;
    if (next) show(next);
    else watch();
  }

  function watch() {
    if (stopped || awaitingAnswer) return;
    awaitingAnswer = true;
    request('gamecast:watch', { gameId }).then(
      (answer) => {
        if (stopped) return;
        const parsed = answer.gamecast === null ? null : gamecastSchema.safeParse(answer.gamecast);
        if (parsed && !parsed.success) {
          awaitingAnswer = false;
          console.warn('gamecast: ignoring an unreadable answer');
          if (!released) onState({ status: 'unavailable', notFound: false });
          return;
        }
        buffer.push({ type: 'answer', gamecast: parsed ? parsed.data : null });
      },
      (error: unknown) => {
        awaitingAnswer = false;
        if (stopped) return;
        const refusal = error instanceof SocketRequestError ? error : null;
        if (refusal?.code === 'rate_limited') {
          retryTimer = setTimeout(watch, refusal.retryAfterMs ?? RATE_LIMITED_RETRY_MS);
          return;
        }
        // What is shown stays; a first watch that fails says so.
        if (!released) onState({ status: 'unavailable', notFound: refusal?.code === 'not_found' });
      },
    );
  }

  const onChanged = (payload: GamecastChange) => {
    const parsed = gamecastChangeSchema.safeParse(payload);
    if (!parsed.success) {
      console.warn('gamecast: ignoring an unreadable gamecast:changed push');
      return;
    }
    if (parsed.data.gameId === gameId) buffer.push({ type: 'change', change: parsed.data });
  };
  // The server forgets a socket's watches when it disconnects: back, it watches again.
  const onConnect = () => {
    awaitingAnswer = false;
    watch();
  };

  socket.on('gamecast:changed', onChanged);
  socket.on('connect', onConnect);
  watch();

  return () => {
    stopped = true;
    if (retryTimer !== null) clearTimeout(retryTimer);
    socket.off('gamecast:changed', onChanged);
    socket.off('connect', onConnect);
    stopFollowingDelay();
    buffer.dispose();
    socket.emit('gamecast:unwatch', { gameId });
  };
}

/** A Gamecast with nothing in it, at version 0: what the server's first change after null builds on. */
function emptyGamecast(gameId: string, league: LeagueName): Gamecast {
  return {
    gameId,
    league,
    updatedAt: new Date(0).toISOString(),
    version: 0,
    scoringPlays: [],
    plays: [],
    teamStats: [],
    playerTables: [],
    leaders: [],
    winProbability: null,
    watch: null,
  };
}

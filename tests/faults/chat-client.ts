/**
 * A chat client as fault tests and the soak (bench/soak) drive it: sockets, acks with a deadline (so a
 * lost acknowledgement is an error instead of a hang), and a view that catches up after a reconnect
 * exactly as the app's chat does (client/src/features/chat/use-game-chat.ts). No test runner here.
 */
import { io as connect } from 'socket.io-client';
import type { ChatMessage } from '@shared/schemas/chat';
import { compareStreamIds as compareIds } from '@server/storage/store';
import { emit, emitUntyped } from '../helpers/emit';
import type { TestSocket } from '../helpers/sign-in';

/** A socket.io-client connection; reconnection off unless asked (tests decide when to come back). */
export function socketAt(
  baseUrl: string,
  cookie: string,
  options: { reconnection?: boolean } = {},
): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket: TestSocket = connect(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
      randomizationFactor: 0,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      if (options.reconnection) return; // it keeps trying
      socket.close();
      reject(error);
    });
  });
}

export { emit, emitUntyped };

export const send = (socket: TestSocket, gameId: string, message: string, ms?: number) =>
  emit(socket, 'chat:send', { gameId, message, team: 'home', teamName: 'Chiefs' }, ms);

export function nextMessage(socket: TestSocket, text?: string): Promise<ChatMessage> {
  return new Promise((resolve) => {
    const listener = (message: ChatMessage) => {
      if (text !== undefined && message.message !== text) return;
      socket.off('chat:message-created', listener);
      resolve(message);
    };
    socket.on('chat:message-created', listener);
  });
}

/** Every stored message of a game, oldest first, paging back through chat:history. */
export async function fullHistory(socket: TestSocket, gameId: string): Promise<ChatMessage[]> {
  const joined = await emit(socket, 'chat:join', { gameId });
  if (!joined.ok) throw new Error(`chat:join failed: ${joined.error.message}`);
  let messages = joined.data.messages;
  let hasMore = joined.data.hasMore;
  while (hasMore && messages.length > 0) {
    const older = await emit(socket, 'chat:history', {
      gameId,
      before: messages[0]!.id,
      limit: 100,
    });
    if (!older.ok) throw new Error(`chat:history failed: ${older.error.message}`);
    messages = [...older.data.messages, ...messages];
    hasMore = older.data.hasMore;
  }
  return messages;
}

/**
 * What one chat tab holds: live messages, and after every reconnect a rejoin plus chat:sync from the
 * newest message it has (the app's own catch-up). `recoveries` counts the reconnects Socket.IO
 * recovered (the socket kept its id and rooms).
 */
export function chatView(socket: TestSocket, gameId: string) {
  const byId = new Map<string, ChatMessage>();
  const add = (message: ChatMessage) => {
    if (message.gameId === gameId) byId.set(message.id, message);
  };
  const newest = () => [...byId.keys()].sort(compareIds).at(-1);
  let catchUps = 0;
  let recoveries = 0;
  let gaps = 0;
  let failedCatchUps = 0;
  /** Where the server said messages were missed: ids strictly between `after` and `before`. */
  const gapRanges: Array<{ after: string; before: string | null }> = [];
  const caughtUp: Array<() => void> = [];
  socket.on('chat:message-created', add);
  socket.on('connect', () => {
    // Recovered or not, the same catch-up: new messages are not in what recovery replays.
    if (socket.recovered) recoveries++;
    const after = newest();
    void (async () => {
      try {
        const page = await emit(socket, 'chat:join', { gameId });
        if (!page.ok) throw new Error(page.error.message);
        page.data.messages.forEach(add);
        if (after) {
          const missed = await emit(socket, 'chat:sync', { gameId, after });
          if (!missed.ok) throw new Error(missed.error.message);
          missed.data.messages.forEach(add);
          if (missed.data.gap) {
            gaps++;
            gapRanges.push({ after, before: missed.data.messages[0]?.id ?? null });
          }
        }
        catchUps++;
      } catch {
        failedCatchUps++; // as the app's chat: a failed catch-up is not retried
      }
      for (const done of caughtUp.splice(0)) done();
    })();
  });
  return {
    ids: () => new Set(byId.keys()),
    texts: () => [...byId.values()].sort((a, b) => compareIds(a.id, b.id)).map((m) => m.message),
    /** Resolves after the next reconnect's catch-up (or recovery) finished. */
    nextCatchUp: () => new Promise<void>((resolve) => caughtUp.push(resolve)),
    stats: () => ({ catchUps, recoveries, gaps }),
    failedCatchUps: () => failedCatchUps,
    /** True when `id` falls in a gap the server reported (missed, and said so). */
    inGap: (id: string) =>
      gapRanges.some(
        (range) => compareIds(id, range.after) > 0 && (!range.before || compareIds(id, range.before) < 0),
      ),
    async join() {
      const page = await emit(socket, 'chat:join', { gameId });
      if (!page.ok) throw new Error(page.error.message);
      page.data.messages.forEach(add);
    },
  };
}

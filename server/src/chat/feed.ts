import type { Logger } from 'pino';
import type { ChatMessage, ChatReactionEmoji, ChatReactionsChanged } from '@shared/schemas/chat';
import type { AppServer } from '../realtime';
import { gameRoom, isGameRoom, userRoom } from '../realtime/rooms';
import { keys } from '../storage/keys';
import { compareStreamIds, type ChannelListener, type Store } from '../storage/store';
import { shownReactionsList, toMessage, toMessages, type ChatStorage } from './storage';
import type { ChatFeedPublication } from './storage-operations';

/** How many missed messages one catch-up reads at most (the history keeps about this many). */
const CATCH_UP_MAX = 500;

/**
 * How a game's new messages and reaction changes reach its sockets on every instance. The send
 * publishes each stored message to the game's channel in the same step, and the reaction toggle
 * each change, both as one tagged JSON shape (ChatFeedPublication): one round trip to Redis and one delivery
 * per instance, where a broadcast through the Socket.IO adapter costs two more (its own append and
 * the read of it), and both arrive everywhere in the order they were stored. Each instance listens
 * to the channels of the games its sockets are in, from the first socket's join to the last one's
 * leave, and emits what it hears to its own sockets of that room (who changed a reaction goes only
 * to that fan's own sockets here: in the room, their tabs with the chat open).
 *
 * Pub/sub delivers at most once: a message published while an instance's connection is down never
 * reaches it. The history is where messages are kept, so an instance that notices a miss (the
 * connection came back, or the count published with each message skipped one) reads what it missed
 * from the history and delivers that first, in order. A missed reaction change is not read again:
 * fans get the reactions with the next page they load. Clients that were away catch up the same way
 * themselves (chat:join, chat:sync), since connection state recovery only replays what the adapter
 * carried.
 */
export function createChatFeed(deps: {
  store: Store;
  history: Pick<ChatStorage, 'after'>;
  io: AppServer;
  logger: Logger;
}) {
  const { store, history, io, logger } = deps;

  interface Followed {
    /** What the store calls with what it hears on the game's channel. */
    listener: ChannelListener;
    /** The subscription made or on its way; null after one failed (the next join tries again). */
    listening: Promise<void> | null;
    /** The newest message delivered here, and the count it was published with (when heard live). */
    lastId: string | null;
    lastCount: number | null;
    /** While missed messages are read, what is heard waits here (it is newer than all of them). */
    held: string[] | null;
  }
  const followed = new Map<string, Followed>();

  function deliver(gameId: string, game: Followed, message: ChatMessage): void {
    if (game.lastId !== null && compareStreamIds(message.id, game.lastId) <= 0) return;
    game.lastId = message.id;
    io.local.to(gameRoom(gameId)).emit('chat:message-created', message);
  }

  /** What the send and the reaction toggle publish (ChatFeedPublication). */
  function heard(gameId: string, game: Followed, raw: string, afterCatchUp = false): void {
    if (game.held && !afterCatchUp) {
      game.held.push(raw);
      return;
    }
    const publication = readPublication(raw);
    if (publication?.type === 'reaction') {
      const changed = reactionsChanged(gameId, publication);
      // The room sees the counts and first fans; who made the change, only that fan's own sockets.
      io.local.to(gameRoom(gameId)).emit('chat:reactions-changed', changed);
      io.local.to(userRoom(publication.login)).emit('chat:my-reaction-changed', {
        ...changed,
        change: { emoji: publication.emoji as ChatReactionEmoji, reacted: publication.reacted },
      });
      return;
    }
    if (publication?.type !== 'message') return;
    const { count } = publication;
    if (!afterCatchUp) {
      if (game.lastCount !== null && count <= game.lastCount) return; // heard again
      if (game.lastCount !== null && count > game.lastCount + 1) {
        game.lastCount = count;
        catchUp(gameId, game, [raw]);
        return;
      }
    }
    game.lastCount = Math.max(game.lastCount ?? 0, count);
    const message = toMessage(publication.id, publication.message);
    if (message) deliver(gameId, game, message);
  }

  /** Reads the messages stored after the last one delivered here, then delivers those heard meanwhile. */
  function catchUp(gameId: string, game: Followed, held: string[] = []): void {
    if (game.held) {
      game.held.push(...held);
      return;
    }
    const after = game.lastId;
    game.held = held;
    const read =
      after === null ? Promise.resolve([]) : history.after(gameId, after, CATCH_UP_MAX).then(toMessages);
    read
      .catch((error: unknown) => {
        // Still down: the clients catch up by themselves when they notice (chat:sync).
        logger.warn({ err: error, gameId }, 'chat feed: reading missed messages failed');
        return [];
      })
      .then((missed) => {
        const waiting = game.held ?? [];
        game.held = null;
        if (followed.get(gameId) !== game) return;
        for (const message of missed) deliver(gameId, game, message);
        // Counted from what is heard next: the read took in everything published before it.
        game.lastCount = null;
        for (const raw of waiting) heard(gameId, game, raw, true);
      });
  }

  /** The game's state here, made on its first join. */
  function followedGame(gameId: string): Followed {
    const known = followed.get(gameId);
    if (known) return known;
    const game: Followed = {
      listener: {
        message: (raw) => heard(gameId, game, raw),
        resumed: () => catchUp(gameId, game),
      },
      listening: null,
      lastId: null,
      lastCount: null,
      held: null,
    };
    followed.set(gameId, game);
    return game;
  }

  function follow(gameId: string): Promise<void> {
    const game = followedGame(gameId);
    if (game.listening) return game.listening;
    const attempt = store.subscribe(keys.chatFeed(gameId), game.listener);
    game.listening = attempt;
    // Redis down: the store says so at once (and listens once it is back); the next join asks again.
    attempt.catch(() => {
      if (game.listening === attempt) game.listening = null;
    });
    return attempt;
  }

  function unfollow(gameId: string): void {
    const game = followed.get(gameId);
    if (!game) return;
    followed.delete(gameId);
    // Not before the subscription settles: sent while it still waits in a new connection's queue,
    // the unsubscribe would overtake it (ioredis writes SUNSUBSCRIBE at once during the connection's
    // handshake) and the instance would listen for good. A game followed again meanwhile keeps it.
    void (game.listening ?? Promise.resolve())
      .catch(() => {})
      .then(() => (followed.has(gameId) ? undefined : store.unsubscribe(keys.chatFeed(gameId))))
      .catch(() => {});
  }

  // The room's first socket here starts listening and the last one's leave stops it: the instance
  // listens to exactly the games its sockets are in. Nothing else starts listening.
  const adapter = io.of('/').adapter;
  const hasFansHere = (gameId: string) => adapter.rooms.has(gameRoom(gameId));
  adapter.on('create-room', (room: string) => {
    if (isGameRoom(room)) follow(gameIdOf(room)).catch(() => {});
  });
  adapter.on('delete-room', (room: string) => {
    if (isGameRoom(room)) unfollow(gameIdOf(room));
  });

  return {
    /**
     * Resolves once this instance hears the game's messages. A join waits for it before reading its
     * page: every message stored after that page then reaches the joiner. When the room has no
     * socket here any more (a leave or a disconnect overtook the join), there is nothing to hear:
     * listening now would outlive every fan, since no last leave would come to stop it.
     */
    listening: async (gameId: string): Promise<void> => {
      if (!hasFansHere(gameId)) return;
      try {
        await follow(gameId);
      } catch (error) {
        // The last fan left while it subscribed (which ends that subscription): nothing to wait for.
        if (hasFansHere(gameId)) throw error;
      }
    },
  };
}

export type ChatFeed = ReturnType<typeof createChatFeed>;

const gameIdOf = (room: string) => room.slice(gameRoom('').length);

/** A publication on a game's feed; null when it is not one. */
function readPublication(raw: string): ChatFeedPublication | null {
  let parsed: Partial<ChatFeedPublication> & Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return null;
  }
  if (parsed.type === 'message') {
    const valid = Number.isSafeInteger(parsed.count) && typeof parsed.id === 'string';
    return valid ? (parsed as ChatFeedPublication) : null;
  }
  if (parsed.type === 'reaction') {
    const valid =
      typeof parsed.messageId === 'string' &&
      typeof parsed.login === 'string' &&
      typeof parsed.reactions === 'object' &&
      parsed.reactions !== null;
    return valid ? (parsed as ChatFeedPublication) : null;
  }
  return null;
}

/** A message's reactions after a toggle, as the room receives them. */
const reactionsChanged = (
  gameId: string,
  change: Extract<ChatFeedPublication, { type: 'reaction' }>,
): ChatReactionsChanged => ({
  gameId,
  messageId: change.messageId,
  // Redis's JSON would write an empty list of logins as an object; a reaction names at least its
  // first fan (CHAT_REACTION_LOGINS_SHOWN), so none is empty.
  reactions: shownReactionsList(change.reactions),
  version: change.version,
});

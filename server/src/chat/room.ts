import type { Logger } from 'pino';
import type { ChatMessage, ChatJoinAnswer, ChatPage } from '@shared/schemas/chat';
import type { Config } from '../config';
import { noMetrics, type Metrics } from '../metrics';
import type { AppServer } from '../realtime';
import type { Store } from '../storage/store';
import { createChatModeration, type ChatModeration } from './moderation';
import { createChatReactions } from './reactions';
import type { ReactionsRead } from './reactors';
import { createChatRoomBroadcaster } from './room-broadcaster';
import { createChatRoomSocketHandlers } from './room-handlers';
import { createChatRoomStore } from './room-store';
import type { ChatIdentity } from './service';
import type { SendGuards } from './store';
import { createChatUnread } from './unread';

/** Where the room's features meet the chat's send and pages (the chat service calls these). */
export interface ChatRoomHooks {
  /** What holds the sender's messages back besides the limit (slow mode), checked with the send. */
  sendGuards(identity: ChatIdentity): Pick<SendGuards, 'slowMode'>;
  /** A stored message was broadcast: followers of the game's unread count hear of it. */
  sent(message: ChatMessage): void;
  /**
   * Messages with their reactions, for every page and catch-up answer (read after its version), and
   * who gave them (for the asker's own).
   */
  withReactions(gameId: string, messages: ChatMessage[]): Promise<ReactionsRead>;
}

export interface ChatRoomDeps {
  store: Store;
  io: AppServer;
  config: Pick<Config, 'MODERATOR_LOGINS' | 'ADMIN_LOGINS' | 'CHAT_RATE_LIMIT' | 'CHAT_RATE_WINDOW_SECONDS'>;
  logger: Logger;
  /** Counts reactions, and times the room's socket events. */
  metrics?: Metrics;
}

/**
 * A game's room beyond its messages: reactions, mentions, unread state, slow mode, time-outs and
 * the moderation log, all kept in the store (every instance sees the same; a restart loses nothing).
 */
export function createChatRoom(deps: ChatRoomDeps) {
  const { store, io, config, logger } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const rooms = createChatRoomStore(store);
  const broadcaster = createChatRoomBroadcaster(io);
  const unread = createChatUnread({ rooms, broadcaster, logger });
  const moderation = createChatModeration({
    rooms,
    broadcaster,
    config,
    messageDeleted: (gameId, messageId, fields) => unread.deleted(gameId, messageId, fields),
  });
  const reactions = createChatReactions({
    rooms,
    rateLimit: { limit: config.CHAT_RATE_LIMIT, windowMs: config.CHAT_RATE_WINDOW_SECONDS * 1000 },
    metrics,
  });

  const hooks: ChatRoomHooks = {
    sendGuards: (identity) => moderation.sendGuards(identity),
    sent: (message) => unread.arrived(message),
    withReactions: (gameId, messages) => reactions.attach(gameId, messages),
  };

  return {
    hooks,
    moderation: moderation satisfies ChatModeration,
    /** `chat:join`'s answer: the page with the room's settings and the joiner's own time-out. */
    async joinAnswer(login: string, gameId: string, page: Promise<ChatPage>): Promise<ChatJoinAnswer> {
      const [latest, room, mutedUntil] = await Promise.all([
        page,
        moderation.roomState(gameId),
        moderation.mutedUntil(gameId, login),
      ]);
      return { ...latest, room, mutedUntil };
    },
    registerSocket: createChatRoomSocketHandlers({ rooms, reactions, moderation, unread }, logger, metrics),
    stop: () => unread.stop(),
  };
}

export type ChatRoom = ReturnType<typeof createChatRoom>;

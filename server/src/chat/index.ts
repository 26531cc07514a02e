import type { Feature, FeatureDeps } from '../feature';
import type { Metrics } from '../metrics';
import { apiReadRule } from '../http/rate-limit';
import { createChatBroadcaster } from './broadcaster';
import { createChatFeed } from './feed';
import { createChatSocketHandlers } from './handlers';
import { createChatMessages } from './messages';
import { createChatModeration } from './moderation';
import { createChatReactions } from './reactions';
import { createChatRoomAccess, type LeagueRoomMembership } from './room-access';
import { createChatRouter } from './routes';
import { createChatStorage } from './storage';
import { createChatUnread } from './unread';

/**
 * Each game's chat, and each league's draft room chat (its members' only): REST under /api/chat and the socket events. Its messages, reactions, mentions,
 * unread state, slow mode, time-outs and moderation log are all kept in the store (every instance
 * sees the same; a restart loses nothing), through one chat storage and one broadcaster.
 */
export function createChatFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'limiter'> & {
    metrics: Metrics;
    /** Who belongs to each league's draft room (without it, league rooms are open to nobody). */
    leagueRooms?: LeagueRoomMembership;
  },
): Feature {
  const { config, logger, store, io, limiter, metrics } = deps;
  const access = createChatRoomAccess(deps.leagueRooms);
  const storage = createChatStorage(store);
  const broadcaster = createChatBroadcaster(io);
  // Reactions have a budget of the same size as sends, of their own, per game.
  const limit = { max: config.CHAT_RATE_LIMIT, windowMs: config.CHAT_RATE_WINDOW_SECONDS * 1000 };
  const unread = createChatUnread({ storage, broadcaster, logger });
  const moderation = createChatModeration({
    storage,
    broadcaster,
    config,
    messageDeleted: (gameId, messageId, fields) => unread.deleted(gameId, messageId, fields),
  });
  const reactions = createChatReactions({ storage, limit, metrics });
  const messages = createChatMessages({
    storage,
    broadcaster,
    sendLimit: limit,
    moderation,
    reactions,
    unread,
    metrics,
  });
  const feed = createChatFeed({ store, history: storage, io, logger });
  return {
    basePath: '/api/chat',
    router: createChatRouter(messages, access, limiter, apiReadRule(config)),
    registerSocket: createChatSocketHandlers(
      { messages, reactions, moderation, unread, storage, feed, access },
      logger,
      metrics,
    ),
    stop: () => unread.stop(),
  };
}

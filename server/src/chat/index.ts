import type { Feature, FeatureDeps } from '../feature';
import type { Metrics } from '../metrics';
import type { AppSocket } from '../realtime';
import { apiReadRule } from '../http/rate-limit';
import { createChatBroadcaster } from './broadcaster';
import { createChatFeed } from './feed';
import { createChatSocketHandlers } from './handlers';
import { createChatRoom } from './room';
import { createChatRouter } from './routes';
import { CHAT_HISTORY_MAX, createChatService } from './service';
import { createChatStore } from './store';

/** Each game's chat: REST under /api/chat and the socket events, on one store and one broadcast. */
export function createChatFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'limiter'> & { metrics: Metrics },
): Feature {
  const { config, logger, store, io, limiter, metrics } = deps;
  const history = createChatStore(store, CHAT_HISTORY_MAX);
  const room = createChatRoom({ store, io, config, logger, metrics });
  const chat = createChatService({
    history,
    room: room.hooks,
    broadcaster: createChatBroadcaster(io),
    sendLimit: { max: config.CHAT_RATE_LIMIT, windowMs: config.CHAT_RATE_WINDOW_SECONDS * 1000 },
    metrics,
  });
  const feed = createChatFeed({ store, history, io, logger });
  return {
    basePath: '/api/chat',
    router: createChatRouter(chat, limiter, apiReadRule(config)),
    registerSocket: registerBoth(
      createChatSocketHandlers(chat, room, feed, logger, metrics),
      room.registerSocket,
    ),
    stop: room.stop,
  };
}

const registerBoth =
  (first: (socket: AppSocket) => void, second: (socket: AppSocket) => void) => (socket: AppSocket) => {
    first(socket);
    second(socket);
  };

import type { Feature, FeatureDeps } from '../feature';
import { apiReadRule } from '../http/rate-limit';
import { createChatBroadcaster } from './broadcaster';
import { createChatSocketHandlers } from './handlers';
import { createChatRouter } from './routes';
import { CHAT_HISTORY_MAX, createChatService } from './service';
import { createChatStore } from './store';

/** Each game's chat: REST under /api/chat and the socket events, on one store and one broadcast. */
export function createChatFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'limiter'>,
): Feature {
  const { config, logger, store, io, limiter } = deps;
  const chat = createChatService({
    history: createChatStore(store, CHAT_HISTORY_MAX),
    broadcaster: createChatBroadcaster(io),
    sendLimit: { max: config.CHAT_RATE_LIMIT, windowMs: config.CHAT_RATE_WINDOW_SECONDS * 1000 },
  });
  return {
    basePath: '/api/chat',
    router: createChatRouter(chat, limiter, apiReadRule(config)),
    registerSocket: createChatSocketHandlers(chat, logger),
  };
}

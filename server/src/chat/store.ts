import { chatMessageSchema, type ChatMessage } from '@shared/schemas/chat';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import type { StreamEntry, Store } from '../storage/store';

/** A message as stored: its id is the stream entry's. */
export type StoredMessage = Omit<ChatMessage, 'id'>;

function toMessage(entry: StreamEntry): ChatMessage | null {
  try {
    return chatMessageSchema.parse({ ...(JSON.parse(entry.value) as StoredMessage), id: entry.id });
  } catch {
    return null; // an unreadable entry is skipped, never sent
  }
}
const toMessages = (entries: StreamEntry[]) =>
  entries.map(toMessage).filter((message): message is ChatMessage => message !== null);

/**
 * Each game's chat history, a stream in the store with ids in append order, keeping the newest
 * `maxMessages`; it expires CHAT_HISTORY_TTL_MS after its last message.
 */
export function createChatStore(store: Store, maxMessages: number) {
  return {
    /** Appends a message and answers its id. */
    append: (message: StoredMessage): Promise<string> =>
      store.streamAppend(
        keys.chatHistory(message.gameId),
        JSON.stringify(message),
        maxMessages,
        CHAT_HISTORY_TTL_MS,
      ),
    /** The newest `count` entries before `before` (all when absent), oldest first. */
    before: async (gameId: string, count: number, before?: string) =>
      store.streamBefore(keys.chatHistory(gameId), count, before),
    /** The first `count` entries after `after`, oldest first. */
    after: (gameId: string, after: string, count: number) =>
      store.streamAfter(keys.chatHistory(gameId), after, count),
    /** False when the message was not there. */
    remove: (gameId: string, messageId: string) => store.streamDelete(keys.chatHistory(gameId), messageId),
    /** Readable messages of stored entries; unreadable ones are left out. */
    toMessages,
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

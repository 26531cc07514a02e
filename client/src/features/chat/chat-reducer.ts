import type { ChatMessage } from '@shared/schemas/chat';

/** A message in the list; `offline` marks one kept only in this browser (load or send failed). */
export type ListedMessage = ChatMessage & { offline?: boolean; pending?: boolean };

export interface ChatState {
  messages: ListedMessage[];
  status: 'loading' | 'ready' | 'offline';
  hasMore: boolean;
  loadingOlder: boolean;
  /** After a long absence: the id of the message after which some were missed (shown in the list). */
  gapAfter?: string;
}

export type ChatAction =
  | { type: 'loaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'load-failed'; samples: ChatMessage[] }
  | { type: 'received'; message: ChatMessage }
  | { type: 'received-many'; messages: ChatMessage[] }
  | { type: 'older-requested' }
  | { type: 'older-loaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'sending'; message: ListedMessage }
  | { type: 'sent'; tempId: string; message: ChatMessage }
  | { type: 'send-failed'; tempId: string }
  | { type: 'deleted'; messageId: string }
  | { type: 'gap'; after: string };

export const initialChatState: ChatState = {
  messages: [],
  status: 'loading',
  hasMore: false,
  loadingOlder: false,
};

const byTime = (a: ListedMessage, b: ListedMessage) => a.timestamp.localeCompare(b.timestamp);

/** Adds messages not yet listed (by id), keeping the list in time order. */
function merge(existing: ListedMessage[], incoming: ChatMessage[]): ListedMessage[] {
  const ids = new Set(existing.map((message) => message.id));
  const fresh = incoming.filter((message) => !ids.has(message.id));
  if (fresh.length === 0) return existing;
  return [...existing, ...fresh].sort(byTime);
}

/** Pure state of one game's chat: history, live messages, optimistic sends, moderation. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        status: 'ready',
        hasMore: action.hasMore,
        // Keep anything that arrived live or was sent while the history loaded.
        messages: merge(action.messages, state.messages),
      };
    case 'load-failed':
      return {
        ...state,
        status: 'offline',
        hasMore: false,
        messages: action.samples.map((m) => ({ ...m, offline: true })),
      };
    case 'received':
      return { ...state, messages: merge(state.messages, [action.message]) };
    case 'received-many':
      return { ...state, messages: merge(state.messages, action.messages) };
    case 'older-requested':
      return { ...state, loadingOlder: true };
    case 'older-loaded':
      return {
        ...state,
        loadingOlder: false,
        hasMore: action.hasMore,
        messages: merge(state.messages, action.messages),
      };
    case 'sending':
      return { ...state, messages: [...state.messages, action.message] };
    case 'sent': {
      // The broadcast may have arrived before the acknowledgement: keep one copy.
      const withoutTemp = state.messages.filter((m) => m.id !== action.tempId);
      return { ...state, messages: merge(withoutTemp, [action.message]) };
    }
    case 'send-failed':
      return {
        ...state,
        status: 'offline',
        messages: state.messages.map((m) =>
          m.id === action.tempId ? { ...m, pending: false, offline: true } : m,
        ),
      };
    case 'deleted':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.messageId) };
    case 'gap':
      return { ...state, gapAfter: action.after };
  }
}

/** A message's time as hh:mm in the viewer's clock. */
export function formatChatTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '--:--';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The id of the newest message confirmed by the server (for a resync after a reconnect). */
export function newestServerId(messages: ListedMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (!message.offline && !message.pending && /^\d+-\d+$/.test(message.id)) return message.id;
  }
  return undefined;
}

import type {
  ChatMessage,
  ChatModerationEntry,
  ChatMyReactionChanged,
  ChatMyReactions,
  ChatReactionEmoji,
  ChatReactionsChanged,
  ChatRoomState,
} from '@shared/schemas/chat';
import { CHAT_MODERATION_LOG_MAX, CHAT_REACTION_EMOJIS } from '@shared/chat-rules';

/**
 * A message in the list; `offline` marks one kept only in this browser (load or send failed);
 * `reactionsVersion` is the room version its reactions are at (from the push of a change, or the
 * page that listed it; absent for a copy that carries none, as a new message's). `myReactions` are
 * the reactions the reader gave on it, each known as of a room version (`myReactionVersions`, by
 * emoji): a page's `mine` tells all of them at its version, the reader's own change (from this tab
 * or another) one of them at its own. Versions of their own, because a change by someone else says
 * nothing about the reader's; one per emoji, because the reader's changes of two emojis can arrive
 * in either order (the answer to one overtakes the push of an earlier one).
 */
export type ListedMessage = ChatMessage & {
  offline?: boolean;
  pending?: boolean;
  reactionsVersion?: number;
  myReactions?: ChatReactionEmoji[];
  myReactionVersions?: Readonly<Partial<Record<ChatReactionEmoji, number>>>;
};

export interface ChatState {
  messages: ListedMessage[];
  status: 'loading' | 'ready' | 'offline';
  hasMore: boolean;
  loadingOlder: boolean;
  /** After a long absence: the id of the message after which some were missed (shown in the list). */
  gapAfter?: string;
  /** Seconds between one person's messages in this room; 0 when slow mode is off. */
  slowModeSeconds: number;
  /** ISO time the reader's time-out in this room ends, or null when they may speak. */
  mutedUntil: string | null;
  /** The room's latest moderation actions, newest first (moderators and admins only). */
  moderationLog: ChatModerationEntry[];
}

export type ChatAction =
  | {
      type: 'loaded';
      messages: ChatMessage[];
      hasMore: boolean;
      /** The page's version (ChatPage.version): its reactions are at least that new. */
      version: number;
      /** The page's `mine`: the reactions the reader gave on its messages. */
      mine: ChatMyReactions;
      room?: ChatRoomState;
      mutedUntil?: string | null;
    }
  | { type: 'load-failed'; samples: ChatMessage[] }
  | { type: 'received'; message: ChatMessage }
  | { type: 'received-many'; messages: ChatMessage[]; version: number; mine: ChatMyReactions }
  | { type: 'older-requested' }
  | {
      type: 'older-loaded';
      messages: ChatMessage[];
      hasMore: boolean;
      version: number;
      mine: ChatMyReactions;
    }
  | { type: 'sending'; message: ListedMessage }
  | { type: 'sent'; tempId: string; message: ChatMessage }
  | { type: 'send-failed'; tempId: string }
  | { type: 'send-refused'; tempId: string }
  /**
   * A message's reactions after a change: pushed to the room (whoever made it), or the reader's own
   * change (the answer to their toggle, or pushed to their other tabs), which carries `change`.
   */
  | { type: 'reactions-changed'; changed: ChatReactionsChanged | ChatMyReactionChanged }
  | { type: 'room-changed'; room: ChatRoomState }
  | { type: 'muted'; until: string | null }
  | { type: 'moderation-log'; entries: ChatModerationEntry[] }
  | { type: 'moderation-logged'; entry: ChatModerationEntry }
  | { type: 'deleted'; messageId: string }
  | { type: 'gap'; after: string }
  /** The room was joined again and caught up (after a reconnect or a lost acknowledgement). */
  | { type: 'resynced' };

export const initialChatState: ChatState = {
  messages: [],
  status: 'loading',
  hasMore: false,
  loadingOlder: false,
  slowModeSeconds: 0,
  mutedUntil: null,
  moderationLog: [],
};

const byTime = (a: ListedMessage, b: ListedMessage) => a.timestamp.localeCompare(b.timestamp);

/** A page's messages, their reactions and the reader's own at the page's version. */
function atVersion(messages: ChatMessage[], version: number, mine: ChatMyReactions): ListedMessage[] {
  // Shared by the page's messages: a change makes a message a copy of its own (withOwn).
  const myReactionVersions = Object.fromEntries(CHAT_REACTION_EMOJIS.map((emoji) => [emoji, version]));
  return messages.map((message) => ({
    ...message,
    reactionsVersion: version,
    myReactions: mine[message.id] ?? [],
    myReactionVersions,
  }));
}

/** Whether version `held` is newer than `incoming` (absent counts as 0, before any change). */
const isNewer = (held: number | undefined, incoming: number | undefined) => (held ?? 0) > (incoming ?? 0);

/** `message` with the reader's `emoji` given (`reacted`) or not, as known at room version `version`. */
function withOwn(
  message: ListedMessage,
  emoji: ChatReactionEmoji,
  reacted: boolean,
  version: number | undefined,
): ListedMessage {
  const others = (message.myReactions ?? []).filter((mine) => mine !== emoji);
  return {
    ...message,
    myReactions: reacted ? [...others, emoji] : others,
    myReactionVersions: { ...message.myReactionVersions, [emoji]: version },
  };
}

/**
 * The server's copy of a listed message, but with the listed reactions and own reactions where
 * they are newer than the copy's: a page read before a change can arrive after its push.
 */
function takeAgain(listed: ListedMessage, again: ListedMessage): ListedMessage {
  let taken = again;
  if (isNewer(listed.reactionsVersion, again.reactionsVersion))
    taken = { ...taken, reactions: listed.reactions, reactionsVersion: listed.reactionsVersion };
  for (const emoji of CHAT_REACTION_EMOJIS) {
    const known = listed.myReactionVersions?.[emoji];
    if (isNewer(known, taken.myReactionVersions?.[emoji]))
      taken = withOwn(taken, emoji, listed.myReactions?.includes(emoji) ?? false, known);
  }
  return taken;
}

/**
 * Adds messages not yet listed (by id), keeping the list in time order. A listed message the server
 * sends again takes the server's copy (its reactions may have changed while the reader was away),
 * except for what the list holds newer (takeAgain).
 */
function merge(existing: ListedMessage[], incoming: ListedMessage[]): ListedMessage[] {
  if (incoming.length === 0) return existing;
  const byId = new Map(incoming.map((message) => [message.id, message]));
  let changed = false;
  const kept = existing.map((message) => {
    const again = byId.get(message.id);
    if (!again) return message;
    byId.delete(message.id);
    if (again === message || message.offline || message.pending) return message;
    changed = true;
    return takeAgain(message, again);
  });
  if (byId.size === 0) return changed ? kept : existing;
  return [...kept, ...byId.values()].sort(byTime);
}

/**
 * A reaction change on a listed message. Changes can arrive out of order (pushed from two instances,
 * or the answer after the push): an older one never replaces newer reactions, nor newer own ones.
 * Only the reader's own change says anything about the reader's own reactions.
 */
function applyChange(
  message: ListedMessage,
  changed: ChatReactionsChanged | ChatMyReactionChanged,
): ListedMessage {
  const { reactions, version } = changed;
  let applied = message;
  if (!isNewer(message.reactionsVersion, version))
    applied = { ...applied, reactions, reactionsVersion: version };
  if ('change' in changed) {
    const { emoji, reacted } = changed.change;
    if (!isNewer(message.myReactionVersions?.[emoji], version))
      applied = withOwn(applied, emoji, reacted, version);
  }
  return applied;
}

/** Pure state of one game's chat: history, live messages, optimistic sends, moderation. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        status: 'ready',
        slowModeSeconds: action.room?.slowModeSeconds ?? state.slowModeSeconds,
        mutedUntil: action.mutedUntil === undefined ? state.mutedUntil : action.mutedUntil,
        hasMore: action.hasMore,
        // Keep anything that arrived live or was sent while the history loaded.
        messages: merge(state.messages, atVersion(action.messages, action.version, action.mine)),
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
      return {
        ...state,
        messages: merge(state.messages, atVersion(action.messages, action.version, action.mine)),
      };
    case 'older-requested':
      return { ...state, loadingOlder: true };
    case 'older-loaded':
      return {
        ...state,
        loadingOlder: false,
        hasMore: action.hasMore,
        messages: merge(state.messages, atVersion(action.messages, action.version, action.mine)),
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
    case 'send-refused':
      // Refused before it was stored (slow mode, a time-out): the text goes back to the box instead.
      return { ...state, messages: state.messages.filter((m) => m.id !== action.tempId) };
    case 'reactions-changed':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === action.changed.messageId ? applyChange(m, action.changed) : m,
        ),
      };
    case 'room-changed':
      return { ...state, slowModeSeconds: action.room.slowModeSeconds };
    case 'muted':
      return { ...state, mutedUntil: action.until };
    case 'moderation-log':
      return { ...state, moderationLog: action.entries.slice(0, CHAT_MODERATION_LOG_MAX) };
    case 'moderation-logged':
      if (state.moderationLog.some((entry) => entry.id === action.entry.id)) return state;
      return {
        ...state,
        moderationLog: [action.entry, ...state.moderationLog].slice(0, CHAT_MODERATION_LOG_MAX),
      };
    case 'deleted':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.messageId) };
    case 'gap':
      return { ...state, gapAfter: action.after };
    case 'resynced':
      // Live again: what the room answered replaces the samples shown while it could not load; a
      // message that was not sent keeps its own offline mark ("Not sent").
      return {
        ...state,
        status: 'ready',
        messages: state.messages.filter((m) => !m.id.startsWith('sample-')),
      };
  }
}

/** A message's time as hh:mm in the viewer's clock. */
export function formatChatTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '--:--';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** Whether stored message id `id` ("ms-seq", as the history stream makes them) comes after `other`. */
export function isAfter(id: string, other: string): boolean {
  const [ms = '', seq = ''] = id.split('-');
  const [otherMs = '', otherSeq = ''] = other.split('-');
  if (ms.length !== otherMs.length) return ms.length > otherMs.length;
  if (ms !== otherMs) return ms > otherMs;
  if (seq.length !== otherSeq.length) return seq.length > otherSeq.length;
  return seq > otherSeq;
}

/** Whether a message is stored on the server (not a sample, not pending, not kept locally). */
export const isStored = (message: ListedMessage) =>
  !message.offline && !message.pending && /^\d+-\d+$/.test(message.id);

/**
 * The first message by someone else after `lastSeenId`: where the "New messages" divider goes when a
 * chat opens with unread messages. Undefined when everything was seen.
 */
export function firstUnreadId(messages: ListedMessage[], lastSeenId: string, me: string): string | undefined {
  const mine = me.toLowerCase();
  return messages.find((m) => isStored(m) && m.login.toLowerCase() !== mine && isAfter(m.id, lastSeenId))?.id;
}

/** The id of the newest message confirmed by the server (for a resync after a reconnect). */
export function newestServerId(messages: ListedMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (isStored(message)) return message.id;
  }
  return undefined;
}

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ErrorCode } from '@shared/errors';
import type {
  ChatMessage,
  ChatModerationEntry,
  ChatMuted,
  ChatMyReactionChanged,
  ChatPage,
  ChatReactionEmoji,
  ChatReactionsChanged,
  ChatRoomState,
  ChatSlowModeSeconds,
  ChatTimeoutMinutes,
  TeamSide,
} from '@shared/schemas/chat';
import { api } from '@client/lib/api-client';
import { getSocket, request, SocketRequestError } from '@client/lib/socket';
import {
  chatReducer,
  initialChatState,
  newestServerId,
  type ChatAction,
  type ListedMessage,
} from './chat-reducer';
import { useDelayedIncoming } from './delayed-incoming';
import { sampleMessages } from './sample-messages';

export interface GameChatOptions {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
  /** The signed-in user, used for the optimistic copy of a message being sent. */
  user: { login: string; name: string | null; role: ChatMessage['role'] };
  /** Nothing is loaded until the user has joined with a team. */
  enabled: boolean;
}

/** Why a message was not sent: the server's words, and what the chat does about it. */
export interface SendFailure {
  message: string;
  code?: ErrorCode;
  /** Slow mode: when the next message will be accepted (epoch ms). */
  retryAt?: number;
}

/** The actions that list a page of messages the server answered. */
type PageAction = Extract<ChatAction, { type: 'loaded' | 'older-loaded' | 'received-many' }>;

/** A message's reactions after a change: anyone's (pushed to the room), or the reader's own. */
type ReactionChange = ChatReactionsChanged | ChatMyReactionChanged;

/**
 * The reaction changes held for a message not listed yet: the newest, and the reader's newest own
 * change of each emoji.
 */
interface HeldChanges {
  newest: ReactionChange;
  mine: Partial<Record<ChatReactionEmoji, ChatMyReactionChanged>>;
}

/** `held` with `changed` taken in, keeping only the newest change of each kind. */
function holdChange(held: HeldChanges | undefined, changed: ReactionChange): HeldChanges {
  const newest = !held || held.newest.version <= changed.version ? changed : held.newest;
  const mine = { ...held?.mine };
  if ('change' in changed) {
    const kept = mine[changed.change.emoji];
    if (!kept || kept.version <= changed.version) mine[changed.change.emoji] = changed;
  }
  return { newest, mine };
}

/** A send the server refused before storing it: the text goes back to the box, nothing is kept offline. */
const REFUSED_CODES: readonly ErrorCode[] = ['slow_mode', 'chat_muted', 'rate_limited', 'bad_request'];

/**
 * One game's chat: joins the room over the socket (REST as a fallback), applies live messages,
 * deletions and reactions, follows the room's slow mode and the reader's time-out, resyncs after a
 * reconnect, and sends with an optimistic copy.
 */
export function useGameChat({ gameId, awayTeam, homeTeam, user, enabled }: GameChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const holdIncoming = useDelayedIncoming();
  const canModerate = user.role !== 'user';
  /** Who spoke in the room recently (newest first), for the mention list. */
  const [speakers, setSpeakers] = useState<string[]>([]);
  const messagesRef = useRef<ListedMessage[]>(state.messages);
  useEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);
  /**
   * Reaction changes pushed for a message not listed yet (held by the delay, or on a page still on
   * its way): applied once it is listed, since that page may have been read before them. Per message
   * the newest change, and the newest of the reader's own (a later change by someone else does not
   * say what the reader's own reactions are).
   */
  const heldReactionsRef = useRef(new Map<string, HeldChanges>());
  /** Joins the room again and catches up; set while the chat is open. */
  const resyncRef = useRef<(() => void) | null>(null);

  /** Applies the changes held for messages just listed. */
  const applyHeld = useCallback((messageIds: readonly string[]) => {
    const held = heldReactionsRef.current;
    for (const id of messageIds) {
      const changes = held.get(id);
      if (!changes) continue;
      held.delete(id);
      for (const changed of [changes.newest, ...Object.values(changes.mine)]) {
        dispatch({ type: 'reactions-changed', changed });
      }
    }
  }, []);

  /** Lists a page's messages, then the changes pushed for them before it came. */
  const listPage = useCallback(
    (action: PageAction) => {
      dispatch(action);
      applyHeld(action.messages.map((message) => message.id));
    },
    [applyHeld],
  );

  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    let cancelled = false;
    const heldReactions = heldReactionsRef.current;

    const join = async () => {
      try {
        const page = await request('chat:join', { gameId });
        if (cancelled) return;
        listPage({ type: 'loaded', ...page });
        request('chat:speakers', { gameId })
          .then((answer) => !cancelled && setSpeakers(answer.logins))
          .catch(() => {});
        if (canModerate) {
          request('chat:moderation-log', { gameId })
            .then((log) => !cancelled && dispatch({ type: 'moderation-log', entries: log.entries }))
            .catch(() => {});
        }
      } catch {
        try {
          const page = await api.get<ChatPage>(`/chat/games/${encodeURIComponent(gameId)}/messages`);
          if (!cancelled) listPage({ type: 'loaded', ...page });
        } catch {
          if (!cancelled)
            dispatch({ type: 'load-failed', samples: sampleMessages(gameId, awayTeam, homeTeam) });
        }
      }
    };

    // Your own messages show at once; other fans' wait out the spoiler-safe delay, in order.
    const onCreated = (message: ChatMessage) => {
      if (message.gameId !== gameId) return;
      const receive = () => {
        if (cancelled) return;
        dispatch({ type: 'received', message });
        applyHeld([message.id]);
      };
      if (message.login === user.login) receive();
      else holdIncoming(receive);
    };
    // A deletion applies at once, and again after the delay, so a message still held goes too.
    const onDeleted = ({ gameId: id, messageId }: { gameId: string; messageId: string }) => {
      if (id !== gameId) return;
      const remove = () => {
        if (!cancelled) dispatch({ type: 'deleted', messageId });
      };
      remove();
      holdIncoming(remove);
    };
    // The room's pushes say how many reacted (and the first few who); the reader's own sockets are
    // also told their own changes, made here or on another tab.
    const onReactions = (changed: ReactionChange) => {
      if (changed.gameId !== gameId || cancelled) return;
      if (!messagesRef.current.some((m) => m.id === changed.messageId)) {
        heldReactions.set(changed.messageId, holdChange(heldReactions.get(changed.messageId), changed));
      }
      dispatch({ type: 'reactions-changed', changed });
    };
    const onRoomChanged = (room: ChatRoomState) => {
      if (room.gameId === gameId && !cancelled) dispatch({ type: 'room-changed', room });
    };
    const onMuted = (muted: ChatMuted) => {
      if (muted.gameId !== gameId || cancelled) return;
      if (muted.login.toLowerCase() === user.login.toLowerCase())
        dispatch({ type: 'muted', until: muted.until });
    };
    const onLogged = (entry: ChatModerationEntry) => {
      if (entry.gameId === gameId && !cancelled) dispatch({ type: 'moderation-logged', entry });
    };
    // After a reconnect the room is rejoined and the stored history fills the gap. A recovered
    // connection too: the server replays only what went through the Socket.IO adapter, and new
    // messages reach each server on the game's own feed.
    const resync = () => {
      const after = newestServerId(messagesRef.current);
      void request('chat:join', { gameId })
        .then(async (page) => {
          if (cancelled) return;
          listPage({ type: 'received-many', ...page });
          dispatch({ type: 'room-changed', room: page.room });
          dispatch({ type: 'muted', until: page.mutedUntil });
          if (after) {
            const missed = await request('chat:sync', { gameId, after });
            if (cancelled) return;
            listPage({ type: 'received-many', ...missed });
            // More was missed than the server can give: the list shows where messages are missing.
            if (missed.gap) dispatch({ type: 'gap', after });
          }
          // Joined and caught up: the room is live again ("Offline Mode" goes, the reader's seen
          // position is reported again, moderators get their panel back).
          dispatch({ type: 'resynced' });
          // Entries logged while this socket was away were pushed to nobody here.
          if (canModerate) {
            const log = await request('chat:moderation-log', { gameId });
            if (!cancelled) dispatch({ type: 'moderation-log', entries: log.entries });
          }
        })
        .catch(() => {});
    };
    resyncRef.current = resync;

    socket.on('chat:message-created', onCreated);
    socket.on('chat:message-deleted', onDeleted);
    socket.on('chat:reactions-changed', onReactions);
    socket.on('chat:my-reaction-changed', onReactions);
    socket.on('chat:room-changed', onRoomChanged);
    socket.on('chat:muted', onMuted);
    socket.on('chat:moderation-logged', onLogged);
    socket.on('connect', resync);
    void join();
    return () => {
      cancelled = true;
      socket.off('chat:message-created', onCreated);
      socket.off('chat:message-deleted', onDeleted);
      socket.off('chat:reactions-changed', onReactions);
      socket.off('chat:my-reaction-changed', onReactions);
      socket.off('chat:room-changed', onRoomChanged);
      socket.off('chat:muted', onMuted);
      socket.off('chat:moderation-logged', onLogged);
      socket.off('connect', resync);
      resyncRef.current = null;
      socket.emit('chat:leave', { gameId });
      // A next run joins afresh: its pages carry everything so far.
      heldReactions.clear();
    };
  }, [enabled, gameId, awayTeam, homeTeam, user.login, canModerate, holdIncoming, listPage, applyHeld]);

  const send = useCallback(
    async (text: string, team: TeamSide): Promise<SendFailure | null> => {
      const message = text.trim();
      if (!message) return null;
      const teamName = team === 'away' ? awayTeam : homeTeam;
      const tempId = `local-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      dispatch({
        type: 'sending',
        message: {
          id: tempId,
          gameId,
          login: user.login,
          username: user.login,
          message,
          timestamp: new Date().toISOString(),
          team,
          teamName,
          role: user.role,
          pending: true,
        },
      });
      try {
        const stored = await request('chat:send', { gameId, message, team, teamName });
        dispatch({ type: 'sent', tempId, message: stored });
        return null;
      } catch (error) {
        if (error instanceof SocketRequestError && REFUSED_CODES.includes(error.code)) {
          dispatch({ type: 'send-refused', tempId });
          if (error.code === 'chat_muted' && error.until) dispatch({ type: 'muted', until: error.until });
          const retryAt = error.retryAfterMs === undefined ? undefined : Date.now() + error.retryAfterMs;
          return { message: error.message, code: error.code, retryAt };
        }
        dispatch({ type: 'send-failed', tempId });
        // Not stored (no acknowledgement in time, or a fault on the server). While the socket still
        // looks connected no reconnect will come to rejoin, so check the room now; else the reconnect does.
        if (getSocket().connected) resyncRef.current?.();
        return { message: error instanceof Error ? error.message : 'Failed to send message' };
      }
    },
    [gameId, awayTeam, homeTeam, user.login, user.role],
  );

  const loadOlder = useCallback(async () => {
    const oldest = state.messages.find((m) => !m.offline && !m.pending);
    if (!oldest || state.loadingOlder) return;
    dispatch({ type: 'older-requested' });
    try {
      const page = await request('chat:history', { gameId, before: oldest.id });
      listPage({ type: 'older-loaded', ...page });
    } catch {
      dispatch({ type: 'older-loaded', messages: [], hasMore: true, version: 0, mine: {} });
    }
  }, [gameId, state.messages, state.loadingOlder, listPage]);

  const remove = useCallback(
    async (messageId: string) => {
      await request('chat:delete', { gameId, messageId });
    },
    [gameId],
  );

  /**
   * Adds or takes back the reader's reaction; the answer carries the message's reactions now, and
   * the change (the reader's, so their own reactions follow it).
   */
  const react = useCallback(
    async (messageId: string, emoji: ChatReactionEmoji, reacted: boolean) => {
      const changed = await request('chat:react', { gameId, messageId, emoji, reacted });
      dispatch({ type: 'reactions-changed', changed });
    },
    [gameId],
  );

  const setSlowMode = useCallback(
    async (seconds: ChatSlowModeSeconds) => {
      const room = await request('chat:slow-mode', { gameId, seconds });
      dispatch({ type: 'room-changed', room });
    },
    [gameId],
  );

  const timeOut = useCallback(
    async (login: string, minutes: ChatTimeoutMinutes) => {
      await request('chat:timeout', { gameId, login, minutes });
    },
    [gameId],
  );

  return { ...state, speakers, send, loadOlder, remove, react, setSlowMode, timeOut };
}

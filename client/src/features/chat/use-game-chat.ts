import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatMessage, ChatPage, TeamSide } from '@shared/schemas/chat';
import { api } from '@client/lib/api-client';
import { getSocket, request } from '@client/lib/socket';
import { chatReducer, initialChatState, newestServerId, type ListedMessage } from './chat-reducer';
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

/**
 * One game's chat: joins the room over the socket (REST as a fallback), applies live messages and
 * deletions, resyncs after a reconnect, and sends with an optimistic copy.
 */
export function useGameChat({ gameId, awayTeam, homeTeam, user, enabled }: GameChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const holdIncoming = useDelayedIncoming();
  const messagesRef = useRef<ListedMessage[]>(state.messages);
  useEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);

  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    let cancelled = false;

    const join = async () => {
      try {
        const page = await request('chat:join', { gameId });
        if (!cancelled) dispatch({ type: 'loaded', messages: page.messages, hasMore: page.hasMore });
      } catch {
        try {
          const page = await api.get<ChatPage>(`/chat/games/${encodeURIComponent(gameId)}/messages`);
          if (!cancelled) dispatch({ type: 'loaded', messages: page.messages, hasMore: page.hasMore });
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
        if (!cancelled) dispatch({ type: 'received', message });
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
    // After a reconnect the room is rejoined; a recovered connection already replayed what was
    // missed, otherwise the stored history fills the gap.
    const onReconnect = () => {
      const recovered = (socket as unknown as { recovered?: boolean }).recovered;
      if (recovered) return;
      const after = newestServerId(messagesRef.current);
      void request('chat:join', { gameId })
        .then(async (page) => {
          if (cancelled) return;
          dispatch({ type: 'received-many', messages: page.messages });
          if (after) {
            const missed = await request('chat:sync', { gameId, after });
            if (cancelled) return;
            dispatch({ type: 'received-many', messages: missed.messages });
            // More was missed than the server can give: the list shows where messages are missing.
            if (missed.gap) dispatch({ type: 'gap', after });
          }
        })
        .catch(() => {});
    };

    socket.on('chat:message-created', onCreated);
    socket.on('chat:message-deleted', onDeleted);
    socket.on('connect', onReconnect);
    void join();
    return () => {
      cancelled = true;
      socket.off('chat:message-created', onCreated);
      socket.off('chat:message-deleted', onDeleted);
      socket.off('connect', onReconnect);
      socket.emit('chat:leave', { gameId });
    };
  }, [enabled, gameId, awayTeam, homeTeam, user.login, holdIncoming]);

  const send = useCallback(
    async (text: string, team: TeamSide) => {
      const message = text.trim();
      if (!message) return;
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
        dispatch({ type: 'send-failed', tempId });
        return error instanceof Error ? error.message : 'Failed to send message';
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
      dispatch({ type: 'older-loaded', messages: page.messages, hasMore: page.hasMore });
    } catch {
      dispatch({ type: 'older-loaded', messages: [], hasMore: true });
    }
  }, [gameId, state.messages, state.loadingOlder]);

  const remove = useCallback(
    async (messageId: string) => {
      await request('chat:delete', { gameId, messageId });
    },
    [gameId],
  );

  return { ...state, send, loadOlder, remove };
}

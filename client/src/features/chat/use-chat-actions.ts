import { useCallback, type Dispatch } from 'react';
import type { ErrorCode } from '@shared/errors';
import type { ChatSlowModeSeconds, ChatTimeoutMinutes } from '@shared/chat-rules';
import type { ChatMessage, ChatReactionEmoji, TeamSide } from '@shared/schemas/chat';
import { getSocket, request, SocketRequestError } from '@client/lib/socket';
import type { ChatAction, ChatState } from './chat-reducer';
import type { HeldReactions } from './held-reactions';

/** Why a message was not sent: the server's words, and what the chat does about it. */
export interface SendFailure {
  message: string;
  code?: ErrorCode;
  /** Slow mode: when the next message will be accepted (epoch ms). */
  retryAt?: number;
}

/** A send the server refused before storing it: the text goes back to the box, nothing is kept offline. */
const REFUSED_CODES: readonly ErrorCode[] = ['slow_mode', 'chat_muted', 'rate_limited', 'bad_request'];

/**
 * What the reader does in a game's room over the socket: send (with an optimistic copy), load older
 * messages, delete, react, set slow mode and time a fan out.
 */
export function useChatActions({
  gameId,
  awayTeam,
  homeTeam,
  user,
  state,
  dispatch,
  held,
  resync,
}: {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
  user: { login: string; role: ChatMessage['role'] };
  state: Pick<ChatState, 'messages' | 'loadingOlder'>;
  dispatch: Dispatch<ChatAction>;
  held: Pick<HeldReactions, 'listPage'>;
  /** Joins the room again and catches up (nothing while the room is not open). */
  resync(): void;
}) {
  const { listPage } = held;

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
        if (getSocket().connected) resync();
        return { message: error instanceof Error ? error.message : 'Failed to send message' };
      }
    },
    [gameId, awayTeam, homeTeam, user.login, user.role, dispatch, resync],
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
  }, [gameId, state.messages, state.loadingOlder, dispatch, listPage]);

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
    [gameId, dispatch],
  );

  const setSlowMode = useCallback(
    async (seconds: ChatSlowModeSeconds) => {
      const room = await request('chat:slow-mode', { gameId, seconds });
      dispatch({ type: 'room-changed', room });
    },
    [gameId, dispatch],
  );

  const timeOut = useCallback(
    async (login: string, minutes: ChatTimeoutMinutes) => {
      await request('chat:timeout', { gameId, login, minutes });
    },
    [gameId],
  );

  return { send, loadOlder, remove, react, setSlowMode, timeOut };
}

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ChatMessage } from '@shared/schemas/chat';
import { getSocket } from '@client/lib/socket';
import { chatReducer, initialChatState, newestServerId, type ListedMessage } from './chat-reducer';
import { useDelayedIncoming } from './delayed-incoming';
import { useHeldReactions } from './held-reactions';
import { joinRoom, listen, resyncRoom, roomListeners, type OpenRoom } from './room-socket';
import { useChatActions } from './use-chat-actions';

export type { SendFailure } from './use-chat-actions';

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
 * One game's chat: joins the room over the socket (REST as a fallback), applies live messages,
 * deletions and reactions, follows the room's slow mode and the reader's time-out, resyncs after a
 * reconnect, and sends with an optimistic copy.
 */
export function useGameChat({ gameId, awayTeam, homeTeam, user, enabled }: GameChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const canModerate = user.role !== 'user';
  /** Who spoke in the room recently (newest first), for the mention list. */
  const [speakers, setSpeakers] = useState<string[]>([]);
  const messagesRef = useRef<ListedMessage[]>(state.messages);
  useEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);
  const held = useHeldReactions(dispatch, messagesRef);
  const holdIncoming = useDelayedIncoming();
  /** Joins the room again and catches up; set while the chat is open. */
  const resyncRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    let open = true;
    const room: OpenRoom = {
      gameId,
      awayTeam,
      homeTeam,
      me: user.login,
      canModerate,
      isOpen: () => open,
      dispatch,
      held,
      setSpeakers,
    };
    // After a reconnect (a recovered one too) the room is rejoined and the stored history fills the gap.
    const resync = () => void resyncRoom(room, newestServerId(messagesRef.current)).catch(() => {});
    resyncRef.current = resync;
    const unlisten = listen(socket, roomListeners(room, holdIncoming));
    socket.on('connect', resync);
    void joinRoom(room);
    return () => {
      open = false;
      unlisten();
      socket.off('connect', resync);
      resyncRef.current = null;
      socket.emit('chat:leave', { gameId });
      // A next run joins afresh: its pages carry everything so far.
      held.clear();
    };
  }, [enabled, gameId, awayTeam, homeTeam, user.login, canModerate, holdIncoming, held]);

  const resync = useCallback(() => resyncRef.current?.(), []);
  const actions = useChatActions({ gameId, awayTeam, homeTeam, user, state, dispatch, held, resync });
  return { ...state, speakers, ...actions };
}

import type { Dispatch } from 'react';
import type { ServerToClientEvents } from '@shared/events';
import type { ChatMessage, ChatPage } from '@shared/schemas/chat';
import { api } from '@client/lib/api-client';
import { request, type AppSocket } from '@client/lib/socket';
import type { ChatAction } from './chat-reducer';
import type { HeldReactions, ReactionChange } from './held-reactions';
import { sampleMessages } from './sample-messages';

/** One opening of a game's room on the socket: what its joins, resyncs and listeners act on. */
export interface OpenRoom {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
  /** The reader's login. */
  me: string;
  canModerate: boolean;
  /** False once the room was left (or opened again): late answers and pushes are then dropped. */
  isOpen(): boolean;
  dispatch: Dispatch<ChatAction>;
  held: HeldReactions;
  /** Who spoke in the room recently (newest first), for the mention list. */
  setSpeakers(logins: string[]): void;
}

/** The room's pushes this chat listens to. */
type RoomEvent =
  | 'chat:message-created'
  | 'chat:message-deleted'
  | 'chat:reactions-changed'
  | 'chat:my-reaction-changed'
  | 'chat:room-changed'
  | 'chat:muted'
  | 'chat:moderation-logged';

export type RoomListeners = { [E in RoomEvent]: ServerToClientEvents[E] };

/** Registers `listeners` on the socket; answers what takes them off again. */
export function listen(socket: AppSocket, listeners: RoomListeners): () => void {
  // Each entry's listener is typed for its own event by RoomListeners; the loop cannot say so.
  const entries = Object.entries(listeners) as [RoomEvent, (...args: never[]) => void][];
  for (const [event, listener] of entries) socket.on(event, listener as never);
  return () => {
    for (const [event, listener] of entries) socket.off(event, listener as never);
  };
}

/** Joins the room over the socket, REST as a fallback, and sample messages when both fail. */
export async function joinRoom(room: OpenRoom): Promise<void> {
  const { gameId, dispatch } = room;
  try {
    const page = await request('chat:join', { gameId });
    if (!room.isOpen()) return;
    room.held.listPage({ type: 'loaded', ...page });
    request('chat:speakers', { gameId })
      .then((answer) => room.isOpen() && room.setSpeakers(answer.logins))
      .catch(() => {});
    if (room.canModerate) {
      request('chat:moderation-log', { gameId })
        .then((log) => room.isOpen() && dispatch({ type: 'moderation-log', entries: log.entries }))
        .catch(() => {});
    }
  } catch {
    try {
      const page = await api.get<ChatPage>(`/chat/games/${encodeURIComponent(gameId)}/messages`);
      if (room.isOpen()) room.held.listPage({ type: 'loaded', ...page });
    } catch {
      if (room.isOpen())
        dispatch({ type: 'load-failed', samples: sampleMessages(gameId, room.awayTeam, room.homeTeam) });
    }
  }
}

/**
 * Rejoins the room after a reconnect and fills the gap after `after` (the newest stored message the
 * chat has) from the stored history. A recovered connection too: the server replays only what went
 * through the Socket.IO adapter, and new messages reach each server on the game's own feed.
 */
export async function resyncRoom(room: OpenRoom, after: string | undefined): Promise<void> {
  const { gameId, dispatch } = room;
  const page = await request('chat:join', { gameId });
  if (!room.isOpen()) return;
  room.held.listPage({ type: 'received-many', ...page });
  dispatch({ type: 'room-changed', room: page.room });
  dispatch({ type: 'muted', until: page.mutedUntil });
  if (after) {
    const missed = await request('chat:sync', { gameId, after });
    if (!room.isOpen()) return;
    room.held.listPage({ type: 'received-many', ...missed });
    // More was missed than the server can give: the list shows where messages are missing.
    if (missed.gap) dispatch({ type: 'gap', after });
  }
  // Joined and caught up: the room is live again ("Offline Mode" goes, the reader's seen position is
  // reported again, moderators get their panel back).
  dispatch({ type: 'resynced' });
  // Entries logged while this socket was away were pushed to nobody here.
  if (room.canModerate) {
    const log = await request('chat:moderation-log', { gameId });
    if (room.isOpen()) dispatch({ type: 'moderation-log', entries: log.entries });
  }
}

/**
 * What the room's pushes do. `holdIncoming` runs a step after the spoiler-safe delay, in order.
 */
export function roomListeners(room: OpenRoom, holdIncoming: (step: () => void) => void): RoomListeners {
  const { gameId, dispatch } = room;
  const onReactions = (changed: ReactionChange) => {
    if (changed.gameId === gameId && room.isOpen()) room.held.take(changed);
  };
  return {
    // Your own messages show at once; other fans' wait out the spoiler-safe delay, in order.
    'chat:message-created': (message: ChatMessage) => {
      if (message.gameId !== gameId) return;
      const receive = () => {
        if (!room.isOpen()) return;
        dispatch({ type: 'received', message });
        room.held.applyHeld([message.id]);
      };
      if (message.login === room.me) receive();
      else holdIncoming(receive);
    },
    // A deletion applies at once, and again after the delay, so a message still held goes too.
    'chat:message-deleted': ({ gameId: id, messageId }) => {
      if (id !== gameId) return;
      const remove = () => {
        if (room.isOpen()) dispatch({ type: 'deleted', messageId });
      };
      remove();
      holdIncoming(remove);
    },
    // The room's pushes say how many reacted (and the first few who); the reader's own sockets are
    // also told their own changes, made here or on another tab.
    'chat:reactions-changed': onReactions,
    'chat:my-reaction-changed': onReactions,
    'chat:room-changed': (changed) => {
      if (changed.gameId === gameId && room.isOpen()) dispatch({ type: 'room-changed', room: changed });
    },
    'chat:muted': (muted) => {
      if (muted.gameId !== gameId || !room.isOpen()) return;
      if (muted.login.toLowerCase() === room.me.toLowerCase())
        dispatch({ type: 'muted', until: muted.until });
    },
    'chat:moderation-logged': (entry) => {
      if (entry.gameId === gameId && room.isOpen()) dispatch({ type: 'moderation-logged', entry });
    },
  };
}

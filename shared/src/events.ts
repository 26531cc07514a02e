/**
 * The Socket.IO contract, typed once for both sides. Events are `resource:verb`: imperative from the
 * client, past tense from the server. Every client event with a callback is acknowledged with `Ack<T>`.
 */
import type { ErrorCode } from './errors';
import type { ChatMessage, ChatPage } from './schemas/chat';

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string } };

/** A client's callback for an event it sends. */
export type AckCallback<T> = (answer: Ack<T>) => void;

// Feature issues add their events to these two maps.
export interface ServerToClientEvents {
  'chat:message-created': (message: ChatMessage) => void;
  'chat:message-deleted': (payload: { gameId: string; messageId: string }) => void;
}

export interface ClientToServerEvents {
  /** Enter a game's room; answers its latest page. */
  'chat:join': (payload: { gameId: string }, ack: AckCallback<ChatPage>) => void;
  'chat:leave': (payload: { gameId: string }, ack?: AckCallback<null>) => void;
  /** Answers the stored message (also broadcast to the room as chat:message-created). */
  'chat:send': (
    payload: { gameId: string; message: string; team: 'away' | 'home'; teamName: string },
    ack: AckCallback<ChatMessage>,
  ) => void;
  'chat:history': (
    payload: { gameId: string; before?: string; limit?: number },
    ack: AckCallback<ChatPage>,
  ) => void;
  /** Messages after the newest one the client has, after a reconnect. */
  'chat:sync': (payload: { gameId: string; after: string }, ack: AckCallback<ChatMessage[]>) => void;
  'chat:delete': (payload: { gameId: string; messageId: string }, ack: AckCallback<null>) => void;
}

/** What the server keeps on each socket after the handshake read the session. */
export interface SocketData {
  login: string;
  userId: number;
  name: string | null;
  role: 'user' | 'moderator' | 'admin';
}

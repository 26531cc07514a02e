/**
 * The Socket.IO contract, typed once for both sides. Events are `resource:verb`: imperative from the
 * client, past tense from the server. Every client event with a callback is acknowledged with `Ack<T>`.
 */
import type { ErrorCode } from './errors';
import type { ChatMessage, ChatPage, ChatSyncAnswer } from './schemas/chat';
import type { VoiceJoinAnswer, VoicePresence, VoiceSignal, VoiceSignalData } from './schemas/voice';
import type { SportsDataUpdatedPayload, SportsRefreshProgress } from './schemas/sports';

export type Ack<T> = { ok: true; data: T } | { ok: false; error: AckError };

export interface AckError {
  code: ErrorCode;
  message: string;
  /** With `rate_limited`: how long to wait before this event is accepted again. */
  retryAfterMs?: number;
}

/**
 * A game's voice count as people outside its voice room see it: who is in voice (their socket ids
 * and logins) goes only to the participants themselves.
 */
export type VoiceCount = Omit<VoicePresence, 'participants'>;

/** A client's callback for an event it sends. */
export type AckCallback<T> = (answer: Ack<T>) => void;

// Feature issues add their events to these two maps.
export interface ServerToClientEvents {
  'chat:message-created': (message: ChatMessage) => void;
  'chat:message-deleted': (payload: { gameId: string; messageId: string }) => void;
  /**
   * Someone joined or left voice in a game: the participants get the full presence, everyone else in
   * the game's room the count only.
   */
  'voice:presence-changed': (presence: VoicePresence | VoiceCount) => void;
  'voice:signal': (signal: VoiceSignal) => void;
  /** Any scoreboard change, to every client: the full dataset (the event keeps its original name). */
  sportsDataUpdated: (payload: SportsDataUpdatedPayload) => void;
  /** Stages of a requested scoreboard refresh, to the tabs of the users who asked for it. */
  'sports:refresh-progressed': (progress: SportsRefreshProgress) => void;
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
  /** Messages after the newest one the client has, after a reconnect (or a gap when too much was missed). */
  'chat:sync': (payload: { gameId: string; after: string }, ack: AckCallback<ChatSyncAnswer>) => void;
  'chat:delete': (payload: { gameId: string; messageId: string }, ack: AckCallback<null>) => void;
  /** Enter a game's voice room; answers who is already there (the joiner offers to each). */
  'voice:join': (payload: { gameId: string }, ack: AckCallback<VoiceJoinAnswer>) => void;
  'voice:leave': (payload: { gameId: string }, ack?: AckCallback<null>) => void;
  'voice:heartbeat': (payload: { gameId: string }, ack?: AckCallback<null>) => void;
  /** A game's voice presence: the full list for a participant, the count only for anyone else. */
  'voice:presence': (payload: { gameId: string }, ack: AckCallback<VoicePresence | VoiceCount>) => void;
  'voice:signal': (
    payload: { gameId: string; to: string; data: VoiceSignalData },
    ack?: AckCallback<null>,
  ) => void;
}

/** What the server keeps on each socket after the handshake read the session. */
export interface SocketData {
  login: string;
  userId: number;
  name: string | null;
  role: 'user' | 'moderator' | 'admin';
  /**
   * Names the session the socket was opened with (a digest of the session id, which is itself a
   * credential), so that signing out can disconnect that session's sockets on every instance.
   */
  sessionKey: string;
  /** The game whose voice room this socket is in: one at most (server-side bookkeeping). */
  voiceGame?: string;
}

/**
 * The Socket.IO contract, typed once for both sides. Events are `resource:verb`: imperative from the
 * client, past tense from the server. Every client event with a callback is acknowledged with `Ack<T>`.
 */
import type { ErrorCode } from './errors';
import type {
  ChatJoinAnswer,
  ChatMessage,
  ChatModerationEntry,
  ChatModerationLog,
  ChatMuted,
  ChatMyReactionChanged,
  ChatPage,
  ChatReactionEmoji,
  ChatReactionsChanged,
  ChatRoomState,
  ChatSlowModeSeconds,
  ChatSpeakers,
  ChatSyncAnswer,
  ChatTimeoutMinutes,
  ChatUnread,
  ChatUnreadAnswer,
  ChatUnreadArrived,
} from './schemas/chat';
import type { GamecastChange, GamecastWatchAnswer } from './schemas/gamecast';
import type { League, LeagueQueue, LeagueRemoved, LeagueWatchAnswer } from './schemas/leagues';
import type { VoiceJoinAnswer, VoicePresence, VoiceSignal, VoiceSignalData } from './schemas/voice';
import type {
  SportsDataUpdatedPayload,
  SportsGamesChangedPayload,
  SportsRefreshProgress,
} from './schemas/sports';

export type Ack<T> = { ok: true; data: T } | { ok: false; error: AckError };

export interface AckError {
  code: ErrorCode;
  message: string;
  /** With `rate_limited` and `slow_mode`: how long to wait before this event is accepted again. */
  retryAfterMs?: number;
  /** With `chat_muted`: the ISO time the sender's time-out in that room ends. */
  until?: string;
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
  /** A message's reactions changed: to the game's room, with its reactions now (never who changed them). */
  'chat:reactions-changed': (payload: ChatReactionsChanged) => void;
  /** A fan changed their own reaction: to that fan's sockets only (its user room). */
  'chat:my-reaction-changed': (payload: ChatMyReactionChanged) => void;
  /** A moderator changed the room's settings (slow mode): to the game's room. */
  'chat:room-changed': (room: ChatRoomState) => void;
  /** A login was timed out in a room: to every socket of that login (its user room). */
  'chat:muted': (muted: ChatMuted) => void;
  /**
   * A user's seen position in a game moved (on any tab or device): to every socket of that user,
   * with the unread state it leaves.
   */
  'chat:unread-changed': (unread: ChatUnread) => void;
  /**
   * New and deleted messages in a game a socket follows with `chat:unread` but whose room it is not in
   * (a socket in the room gets chat:message-created instead), gathered into at most one notice a
   * second per room: the client counts them toward that game's unread.
   */
  'chat:unread-arrived': (arrived: ChatUnreadArrived) => void;
  /** A moderation action was recorded: to the sockets that opened that room's log (chat:moderation-log). */
  'chat:moderation-logged': (entry: ChatModerationEntry) => void;
  /**
   * Someone joined or left voice in a game: the participants get the full presence, everyone else in
   * the game's room the count only.
   */
  'voice:presence-changed': (presence: VoicePresence | VoiceCount) => void;
  'voice:signal': (signal: VoiceSignal) => void;
  /**
   * The scoreboard's games themselves changed (added, removed, reordered), to every client: the full
   * dataset (the event keeps its original name).
   */
  sportsDataUpdated: (payload: SportsDataUpdatedPayload) => void;
  /** A refresh changed some games of the same scoreboard, to every client: only those games. */
  'sports:games-changed': (payload: SportsGamesChangedPayload) => void;
  /** Stages of a requested scoreboard refresh, to the tabs of the users who asked for it. */
  'sports:refresh-progressed': (progress: SportsRefreshProgress) => void;
  /**
   * A game's Gamecast changed: to the sockets watching it (gamecast:watch), on every instance, only
   * what changed (applyGamecastChange). Never sent when a read of the summary changed nothing. The
   * first change after a watch answered null has previousVersion 0 and every section: a client
   * holding null watches again (or applies it to an empty Gamecast of version 0).
   */
  'gamecast:changed': (change: GamecastChange) => void;
  // Leagues with friends (schemas/leagues.ts) ------------------------------------------------
  /**
   * A league changed (joined, seat removed, started, paused, resumed, a pick, the clock moved): the
   * whole League, to the sockets watching it (league:watch) on every instance. Keep the highest
   * `version`.
   */
  'league:changed': (league: League) => void;
  /** A person's queue in a league changed (set by them, or a queued company drafted): to that person's sockets only. */
  'league:queue-changed': (queue: LeagueQueue) => void;
  /**
   * The commissioner removed this person from a league: to that person's sockets only (every tab,
   * every instance), with the league's id alone. Their sockets have left the league's rooms by then.
   */
  'league:removed': (removed: LeagueRemoved) => void;
}

export interface ClientToServerEvents {
  /**
   * Enter a game's room; answers its latest page (messages carry their mentions and reactions), the
   * room's settings and the joiner's own time-out. Errors: `limit_reached` (too many rooms).
   */
  'chat:join': (payload: { gameId: string }, ack: AckCallback<ChatJoinAnswer>) => void;
  'chat:leave': (payload: { gameId: string }, ack?: AckCallback<null>) => void;
  /**
   * Answers the stored message (also broadcast to the room as chat:message-created), with the logins
   * it mentions. Errors: `rate_limited`; `chat_muted` (with `until`) while the sender is timed out;
   * `slow_mode` (with `retryAfterMs`) when slow mode is on and the sender's last message is too recent
   * (moderators and admins are exempt); `bad_request` for an empty or oversized message.
   */
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
  /** Moderators and admins only (`forbidden`); `not_found` when gone. Recorded in the moderation log. */
  'chat:delete': (payload: { gameId: string; messageId: string }, ack: AckCallback<null>) => void;
  /**
   * Add or remove one's reaction on a message; answers its reactions with the change, pushes them to
   * the room as chat:reactions-changed (without who) and to the fan's own sockets as
   * chat:my-reaction-changed. Rate-limited like sending (`rate_limited`). Errors: `not_found` for a
   * message that does not exist, `bad_request` for any other emoji, `chat_muted` while timed out.
   */
  'chat:react': (
    payload: { gameId: string; messageId: string; emoji: ChatReactionEmoji; reacted: boolean },
    ack: AckCallback<ChatMyReactionChanged>,
  ) => void;
  /** Who spoke in the room recently, newest first, for the mention list. */
  'chat:speakers': (payload: { gameId: string }, ack: AckCallback<ChatSpeakers>) => void;
  /**
   * The newest message the user has seen in a game, while its chat is open and visible. Accepted at
   * once; the server stores at most one per user and game a second (the newest wins) and only moves
   * forward (never past the room's newest message), then pushes chat:unread-changed to all the
   * user's sockets. `bad_request` for an id that is not a message id.
   */
  'chat:seen': (payload: { gameId: string; messageId: string }, ack?: AckCallback<null>) => void;
  /**
   * The unread state of these games (up to 50; only those the user has opened are answered), and from
   * now on chat:unread-arrived for them on this socket (each call replaces the previous list).
   */
  'chat:unread': (payload: { gameIds: string[] }, ack: AckCallback<ChatUnreadAnswer>) => void;
  /**
   * Moderators and admins set the room's slow mode (0, 5, 15, 30 or 60 s); answers the room state and
   * pushes chat:room-changed to the room. `forbidden` for anyone else. Recorded in the moderation log.
   */
  'chat:slow-mode': (
    payload: { gameId: string; seconds: ChatSlowModeSeconds },
    ack: AckCallback<ChatRoomState>,
  ) => void;
  /**
   * Moderators and admins time a login out of a room for 5, 15 or 60 minutes: its messages and
   * reactions there are refused (`chat_muted`) until then, and its sockets get chat:muted. `forbidden`
   * for a user, or for timing out an admin; `bad_request` for timing out oneself. Recorded in the log.
   */
  'chat:timeout': (
    payload: { gameId: string; login: string; minutes: ChatTimeoutMinutes },
    ack: AckCallback<ChatMuted>,
  ) => void;
  /**
   * The room's latest 20 moderation actions, newest first: moderators and admins only (`forbidden`).
   * From then on the socket gets chat:moderation-logged for that room.
   */
  'chat:moderation-log': (payload: { gameId: string }, ack: AckCallback<ChatModerationLog>) => void;
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
  /**
   * Open a game's Gamecast (its dialog): answers the latest one the server holds (null before the
   * first read of the summary, and always with a source that has none), and from then on
   * gamecast:changed while the socket watches. While anyone watches a game on any instance, the
   * server reads its summary every few seconds. Errors: `not_found` for a game not on the scoreboard,
   * `limit_reached` when the socket already watches the most games it may (a few).
   */
  'gamecast:watch': (payload: { gameId: string }, ack: AckCallback<GamecastWatchAnswer>) => void;
  /** Close a game's Gamecast; disconnecting closes every one the socket had open. */
  'gamecast:unwatch': (payload: { gameId: string }, ack?: AckCallback<null>) => void;
  // Leagues with friends (schemas/leagues.ts) ------------------------------------------------
  /**
   * Open a league's draft room: members only (`not_found` for anyone else and for an unknown league).
   * Answers the League and the caller's own queue; from then on league:changed while the socket
   * watches (and league:queue-changed to the caller's sockets wherever they are).
   */
  'league:watch': (payload: { leagueId: string }, ack: AckCallback<LeagueWatchAnswer>) => void;
  /** Leave a league's draft room; disconnecting leaves every one. */
  'league:unwatch': (payload: { leagueId: string }, ack?: AckCallback<null>) => void;
  /**
   * Pick a company for the caller's own seat (the seat comes from the session, never the payload).
   * Answers the League after the pick (also pushed as league:changed). Errors: `not_found` (not a
   * member), `league_not_drafting`, `league_not_your_turn`, `league_company_taken`, `bad_request` for
   * a company not in the catalogue, `rate_limited`. A refused pick changes nothing.
   */
  'league:pick': (payload: { leagueId: string; companyId: string }, ack: AckCallback<League>) => void;
  /**
   * Replace the caller's queue in a league (up to LEAGUE_QUEUE_MAX companies, in order, no
   * duplicates, none drafted already: `league_company_taken`). Answers the stored queue, also pushed
   * as league:queue-changed to the caller's other sockets. Private: no other member sees it.
   */
  'league:queue-set': (
    payload: { leagueId: string; companyIds: string[] },
    ack: AckCallback<LeagueQueue>,
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

/** Every key the app writes, under one prefix, built only here. */
export const KEY_PREFIX = 'tt:';

export const keys = {
  session: (sid: string) => `${KEY_PREFIX}session:${sid}`,
  rateLimit: (bucket: string, subject: string) => `${KEY_PREFIX}rate:${bucket}:${subject}`,
  lock: (name: string) => `${KEY_PREFIX}lock:${name}`,
  /** How many sockets a login has open, over every instance (the per-login socket cap). */
  socketCount: (login: string) => `${KEY_PREFIX}sockets:${login}`,
  voicePresence: (gameId: string) => `${KEY_PREFIX}voice:${gameId}:participants`,
  voiceRooms: () => `${KEY_PREFIX}voice:rooms`,
  chatHistory: (gameId: string) => `${KEY_PREFIX}chat:${gameId}:messages`,
  /** Bumped by every change to the game's chat: instances compare it with the page they cached. */
  chatVersion: (gameId: string) => `${KEY_PREFIX}chat:{${gameId}}:version`,
  /** A fan's chat sends in the current window, counted per game so the count shares the game's shard. */
  chatSendRate: (gameId: string, login: string) => `${KEY_PREFIX}chat:{${gameId}}:rate:${login}`,
  /** A game's message reactions: a hash, one field per message, emoji and login. */
  chatReactions: (gameId: string) => `${KEY_PREFIX}chat:{${gameId}}:reactions`,
  /** A game's chat room settings (slow mode), as JSON. */
  chatRoomSettings: (gameId: string) => `${KEY_PREFIX}chat:{${gameId}}:settings`,
  /** When a login last sent in a game (slow mode); logins in lower case here and below. */
  chatLastSent: (gameId: string, login: string) => `${KEY_PREFIX}chat:{${gameId}}:last-sent:${login}`,
  /** A login's time-out in a game: the time it ends, expiring then. */
  chatMuted: (gameId: string, login: string) => `${KEY_PREFIX}chat:{${gameId}}:muted:${login}`,
  /** A game's moderation actions, a stream of the latest ones. */
  chatModerationLog: (gameId: string) => `${KEY_PREFIX}chat:{${gameId}}:moderation-log`,
  /** The newest message a login has seen in a game. */
  chatSeen: (gameId: string, login: string) => `${KEY_PREFIX}chat:{${gameId}}:seen:${login}`,
  /** The stored scoreboard (SportsDataset JSON), shared by every instance. */
  sportsScoreboard: () => `${KEY_PREFIX}sports:scoreboard`,
  /** Present (with an expiry) for the minimum interval after a refresh a user asked for. */
  sportsRecentRefresh: () => `${KEY_PREFIX}sports:recent-refresh`,
  devOauthCode: (code: string) => `${KEY_PREFIX}dev-oauth:code:${code}`,
  devOauthToken: (token: string) => `${KEY_PREFIX}dev-oauth:token:${token}`,
  /** Local news index: article id → article JSON (a hash), and a version bumped by each ingest. */
  newsArticles: () => `${KEY_PREFIX}news:articles`,
  newsVersion: () => `${KEY_PREFIX}news:version`,
  /** Cached page reads and AI digests, by a hash of the URL. */
  contentPage: (hash: string) => `${KEY_PREFIX}content:page:${hash}`,
  contentDigest: (hash: string) => `${KEY_PREFIX}content:digest:${hash}`,
} as const;

/** A game's chat history expires this long after its last message, so rooms nobody uses do not pile up. */
export const CHAT_HISTORY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Every key the app writes, under one prefix, built only here. */
export const KEY_PREFIX = 'tt:';

/**
 * A key that belongs to one game. On a Redis Cluster a key lives on the shard of its hash tag (the
 * part between the first `{` and `}`), so every key of one game carries `{gameId}`: a game's chat,
 * voice and locks sit on one shard, and an operation over several of them (a script, a transaction)
 * stays on that shard. Game ids have no braces (gameIdSchema), so the tag is the whole id.
 */
const gameKey = (area: string, gameId: string, name: string) => `${KEY_PREFIX}${area}:{${gameId}}:${name}`;

/** The keys of one game: each one is built by gameKey, so they all share the game's hash tag. */
export const gameKeys = {
  chatHistory: (gameId: string) => gameKey('chat', gameId, 'messages'),
  /** Bumped by every change to the game's chat: instances compare it with the page they cached. */
  chatVersion: (gameId: string) => gameKey('chat', gameId, 'version'),
  /** A fan's chat sends in the current window, counted per game so the count shares the game's shard. */
  chatSendRate: (gameId: string, login: string) => gameKey('chat', gameId, `rate:${login}`),
  /**
   * The channel a game's chat events travel on to every instance (named like a key: its hash tag puts
   * it on the game's shard, where the send script publishes to it), and the count of messages published
   * on it, so an instance can tell it missed one.
   */
  chatFeed: (gameId: string) => gameKey('chat', gameId, 'feed'),
  chatFeedCounter: (gameId: string) => gameKey('chat', gameId, 'feed-count'),
  /** One send's stored id, for a few seconds: the same send resent by the Redis client is not stored twice. */
  chatSendOnce: (gameId: string, sendId: string) => gameKey('chat', gameId, `sent:${sendId}`),
  voicePresence: (gameId: string) => gameKey('voice', gameId, 'participants'),
  /** Rises with every change to a game's voice participants: orders the counts pushed to clients. */
  voiceVersion: (gameId: string) => gameKey('voice', gameId, 'version'),
  /** A login's one place in a game's voice room (a lock held by one socket). */
  voicePlace: (gameId: string, login: string) => gameKey('lock', gameId, `voice-place:${login}`),
  /** A fan's reactions in the current window, counted per game like sends (a budget of its own). */
  chatReactRate: (gameId: string, login: string) => gameKey('chat', gameId, `rate:react:${login}`),
  /** A game's message reactions: a hash, one field per message id, its reactions as JSON. */
  chatReactions: (gameId: string) => gameKey('chat', gameId, 'reactions'),
  /** A game's chat room settings (slow mode), as JSON. */
  chatRoomSettings: (gameId: string) => gameKey('chat', gameId, 'settings'),
  /** When a login last sent in a game (slow mode); logins in lower case here and below. */
  chatLastSent: (gameId: string, login: string) => gameKey('chat', gameId, `last-sent:${login}`),
  /** A login's time-out in a game: the time it ends, expiring then. */
  chatMuted: (gameId: string, login: string) => gameKey('chat', gameId, `muted:${login}`),
  /** A game's moderation actions, a stream of the latest ones. */
  chatModerationLog: (gameId: string) => gameKey('chat', gameId, 'moderation-log'),
  /** The newest message a login has seen in a game. */
  chatSeen: (gameId: string, login: string) => gameKey('chat', gameId, `seen:${login}`),
  /** A game's latest Gamecast (JSON), kept while it is watched and a while after. */
  gamecast: (gameId: string) => gameKey('gamecast', gameId, 'latest'),
  /** A game's worth-watching label and when its summary was last read for it (JSON). */
  gamecastLabel: (gameId: string) => gameKey('gamecast', gameId, 'label'),
} as const;

/**
 * A league with friends' keys: each carries `{leagueId}` as its hash tag, so a league's record, its
 * lock, its queues and its pick claims sit on one shard. League ids have no braces (leagueIdSchema).
 */
const leagueKey = (leagueId: string, name: string) => `${KEY_PREFIX}league:{${leagueId}}:${name}`;

export const leagueKeys = {
  /** The league's record (JSON): seats, picks, clock, version. */
  league: (leagueId: string) => leagueKey(leagueId, 'state'),
  /** Held while one change to the league is made, so changes (two picks at once) never interleave. */
  leagueLock: (leagueId: string) => leagueKey(leagueId, 'lock'),
  /** The members' queues: a hash, one field per login (lower case), its company ids as JSON. */
  leagueQueues: (leagueId: string) => leagueKey(leagueId, 'queues'),
  /**
   * Claims of an overall pick slot and of a company, set only if absent: even a change made after its
   * lock lapsed can never take a slot or a company twice.
   */
  leaguePickClaim: (leagueId: string, overall: number) => leagueKey(leagueId, `claim:pick:${overall}`),
  leagueCompanyClaim: (leagueId: string, companyId: string) =>
    leagueKey(leagueId, `claim:company:${companyId}`),
} as const;

/**
 * The rest carry no hash tag, so on a cluster they spread over every shard: sessions and rate-limit
 * counters (the busiest keys after chat) are never all on one.
 */
export const keys = {
  ...gameKeys,
  ...leagueKeys,
  session: (sid: string) => `${KEY_PREFIX}session:${sid}`,
  rateLimit: (bucket: string, subject: string) => `${KEY_PREFIX}rate:${bucket}:${subject}`,
  lock: (name: string) => `${KEY_PREFIX}lock:${name}`,
  /** How many sockets a login has open, over every instance (the per-login socket cap). */
  socketCount: (login: string) => `${KEY_PREFIX}sockets:${login}`,
  voiceRooms: () => `${KEY_PREFIX}voice:rooms`,
  /**
   * The games someone watches the Gamecast of, over every instance: a hash, one field per game and
   * instance (`<gameId> <instanceId>`), its value the time (ms) the instance's watch lapses unless renewed.
   */
  gamecastWatchers: () => `${KEY_PREFIX}gamecast:watchers`,
  /** The stored scoreboard (SportsDataset JSON), shared by every instance. */
  sportsScoreboard: () => `${KEY_PREFIX}sports:scoreboard`,
  /** Present (with an expiry) for the minimum interval after a refresh a user asked for. */
  sportsRecentRefresh: () => `${KEY_PREFIX}sports:recent-refresh`,
  /** A league's standings as last read from the source (Standings JSON), kept to serve while it fails. */
  sportsStandings: (league: string) => `${KEY_PREFIX}sports:standings:${league}`,
  devOauthCode: (code: string) => `${KEY_PREFIX}dev-oauth:code:${code}`,
  devOauthToken: (token: string) => `${KEY_PREFIX}dev-oauth:token:${token}`,
  /** Which account of an OpenID Connect provider holds a login there (lower case): the first to sign in. */
  oidcLogin: (provider: string, login: string) => `${KEY_PREFIX}oidc-login:${provider}:${login}`,
  /** Local news index: article id → article JSON (a hash), and a version bumped by each ingest. */
  newsArticles: () => `${KEY_PREFIX}news:articles`,
  newsVersion: () => `${KEY_PREFIX}news:version`,
  /** The latest answer to a dashboard default query (`sports` or `tech`), shown to fans with none of their own. */
  searchHeadlines: (panel: string) => `${KEY_PREFIX}search:headlines:${panel}`,
  /** Fantasy points: company id → that week's CompanyPoints JSON (a hash), and when they were last computed (ms). */
  fantasyPoints: () => `${KEY_PREFIX}fantasy:points`,
  fantasyLastRun: () => `${KEY_PREFIX}fantasy:last-run`,
  /** An invite code → its league's id. */
  leagueInvite: (code: string) => `${KEY_PREFIX}league-invite:${code}`,
  /** The leagues a login sits in: a hash, league id → when it joined (ms). */
  leagueMemberships: (login: string) => `${KEY_PREFIX}league-member:${login}`,
  /**
   * Every running draft's pick deadline: a hash, league id → deadline (ms). Read whole only when an
   * instance takes the clocks' lead (and once a minute while it leads), to rebuild the index below.
   */
  leagueDeadlines: () => `${KEY_PREFIX}league:deadlines`,
  /** The same deadlines as a sorted set (score: the deadline in ms): each clock tick reads the due ones. */
  leagueDeadlineIndex: () => `${KEY_PREFIX}league:deadline-index`,
  /** Cached page reads and AI digests, by a hash of the URL. */
  contentPage: (hash: string) => `${KEY_PREFIX}content:page:${hash}`,
  contentDigest: (hash: string) => `${KEY_PREFIX}content:digest:${hash}`,
  /** Present once a one-off change to stored data has run (legacy-keys.ts). */
  migrationDone: (name: string) => `${KEY_PREFIX}migration:${name}`,
} as const;

/**
 * Per-game keys as they were named before they carried the game's hash tag (`tt:chat:<gameId>:messages`).
 * A standalone Redis from an earlier version is moved to the new names once at start-up
 * (legacy-keys.ts). `pattern` is a SCAN pattern; `gameIdOf` is null for a key already renamed.
 */
export const legacyGameKeys = (
  [
    ['chat', 'messages', gameKeys.chatHistory],
    ['voice', 'participants', gameKeys.voicePresence],
  ] as const
).map(([area, name, current]) => {
  const head = `${KEY_PREFIX}${area}:`;
  const tail = `:${name}`;
  return {
    pattern: `${head}*${tail}`,
    gameIdOf: (key: string) => {
      const gameId = key.slice(head.length, -tail.length);
      return key.startsWith(head) && key.endsWith(tail) && gameId && !/[{}]/.test(gameId) ? gameId : null;
    },
    current,
  };
});

/** A game's chat history expires this long after its last message, so rooms nobody uses do not pile up. */
export const CHAT_HISTORY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

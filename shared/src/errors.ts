/**
 * The one error catalogue: stable snake_case codes shared by server and client, the message a user
 * sees unless a call gives a more precise one, and the one HTTP status each code answers with. The
 * messages are the product's wording (clients show them as they are), so change them only together
 * with whoever shows them.
 */
export const ERROR_MESSAGES = {
  bad_request: 'The request is not valid.',
  unauthenticated: 'You need to sign in first.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'Not found.',
  rate_limited: 'You are doing that too fast. Please slow down.',
  limit_reached: 'You have reached a limit for your account.',
  voice_room_full: 'This voice room is full. Try again when someone leaves.',
  /** A moderator timed the sender out of this chat room; the acknowledgement carries `until`. */
  chat_muted: 'You are muted in this room.',
  /** Slow mode is on and the sender's last message is too recent; carries `retryAfterMs`. */
  slow_mode: 'Slow mode is on. Wait before sending another message.',
  store_unavailable: 'The service is temporarily unavailable. Please try again.',
  internal: 'Something went wrong on our side.',
  oauth_not_configured: 'GitHub OAuth not configured. Please check environment variables.',
  oauth_state_mismatch: 'Authentication failed. Please try again.',
  /** GitHub refused the callback code (used already, expired, or not its own). */
  token_exchange_failed: 'Failed to authenticate with GitHub',
  /** GitHub could not be reached, or answered nonsense, while exchanging the code. */
  token_exchange_unavailable: 'Failed to authenticate with GitHub',
  profile_fetch_failed: 'Failed to fetch user information',
  no_access_token: 'No access token available',
  not_configured: 'This feature is not configured on this server.',
  upstream_failed: 'The upstream service failed. Please try again.',
  search_failed: 'Search failed',
  /** The local news index is empty because no news feed could be read: worth trying again later. */
  news_unavailable: 'Search failed: the news feeds could not be read. Please try again later.',
  content_failed: 'Failed to load content',
  url_refused: 'This address cannot be fetched: only public http and https pages can be read.',
  answer_not_configured:
    'AI answers are not configured on this server. Set EXA_API_KEY or OPENAI_API_KEY to enable them.',
  sports_fetch_failed: 'Failed to fetch sports data',
  sports_ai_failed: 'Failed to process sports data with AI',
  sports_generate_failed: 'Failed to generate sports data',
  /** The game asked for is not on the stored scoreboard (or left it while it was refreshed). */
  game_process_failed: 'Failed to process game data',
  /** The game is on the scoreboard, but its source failed while refreshing it. */
  game_refresh_failed: 'Failed to process game data',
  /** Joining a league whose seats are all taken by people. */
  league_full: 'This league is full.',
  /** Joining, or removing a seat of, a league whose draft has started. */
  league_started: 'This draft has already started.',
  /** A pick, pause or resume while the draft is not in the state it needs (lobby, paused, complete). */
  league_not_drafting: 'The draft is not running.',
  /** A pick by a member whose seat is not on the clock. */
  league_not_your_turn: 'It is not your turn to pick.',
  /** A pick of a company another seat already drafted. */
  league_company_taken: 'That company has already been drafted.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Each code under the one HTTP status it answers with. */
const CODES_BY_STATUS = {
  400: ['bad_request', 'oauth_state_mismatch', 'url_refused'],
  401: ['unauthenticated', 'token_exchange_failed', 'no_access_token'],
  403: ['forbidden', 'chat_muted'],
  404: ['not_found', 'game_process_failed'],
  409: [
    'voice_room_full',
    'league_full',
    'league_started',
    'league_not_drafting',
    'league_not_your_turn',
    'league_company_taken',
  ],
  429: ['rate_limited', 'limit_reached', 'slow_mode'],
  500: ['internal'],
  502: [
    'token_exchange_unavailable',
    'profile_fetch_failed',
    'upstream_failed',
    'search_failed',
    'content_failed',
    'sports_fetch_failed',
    'sports_ai_failed',
    'sports_generate_failed',
    'game_refresh_failed',
  ],
  503: [
    'store_unavailable',
    'oauth_not_configured',
    'not_configured',
    'answer_not_configured',
    'news_unavailable',
  ],
} as const satisfies Record<number, readonly ErrorCode[]>;

type CodeWithStatus = (typeof CODES_BY_STATUS)[keyof typeof CODES_BY_STATUS][number];
/** A code missing from CODES_BY_STATUS stops the build here. */
const everyCodeHasAStatus: [Exclude<ErrorCode, CodeWithStatus>] extends [never] ? true : never = true;
void everyCodeHasAStatus;

/** The HTTP status of every code. */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(CODES_BY_STATUS).flatMap(([status, codes]) => codes.map((code) => [code, Number(status)])),
) as Record<ErrorCode, number>;

/** Body of every failed HTTP answer and every failed socket acknowledgement. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

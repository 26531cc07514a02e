/**
 * The one error catalogue: stable snake_case codes shared by server and client, each with the one
 * HTTP status the server answers it with and the message a user sees unless a call gives a more
 * precise one. The messages are the product's wording (some, like 'Search failed', are matched by
 * clients), so change them only together with whoever shows them.
 */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  unauthenticated: { status: 401, message: 'You need to sign in first.' },
  forbidden: { status: 403, message: 'You are not allowed to do that.' },
  not_found: { status: 404, message: 'Not found.' },
  rate_limited: { status: 429, message: 'You are doing that too fast. Please slow down.' },
  limit_reached: { status: 429, message: 'You have reached a limit for your account.' },
  voice_room_full: { status: 409, message: 'This voice room is full. Try again when someone leaves.' },
  store_unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
  internal: { status: 500, message: 'Something went wrong on our side.' },
  oauth_not_configured: {
    status: 503,
    message: 'GitHub OAuth not configured. Please check environment variables.',
  },
  oauth_state_mismatch: { status: 400, message: 'Authentication failed. Please try again.' },
  /** GitHub refused the callback code (used already, expired, or not its own). */
  token_exchange_failed: { status: 401, message: 'Failed to authenticate with GitHub' },
  /** GitHub could not be reached or answered nonsense while exchanging the code. */
  token_exchange_unavailable: { status: 502, message: 'Failed to authenticate with GitHub' },
  profile_fetch_failed: { status: 502, message: 'Failed to fetch user information' },
  no_access_token: { status: 401, message: 'No access token available' },
  not_configured: { status: 503, message: 'This feature is not configured on this server.' },
  upstream_failed: { status: 502, message: 'The upstream service failed. Please try again.' },
  search_failed: { status: 502, message: 'Search failed' },
  content_failed: { status: 502, message: 'Failed to load content' },
  url_refused: {
    status: 400,
    message: 'This address cannot be fetched: only public http and https pages can be read.',
  },
  answer_not_configured: {
    status: 503,
    message:
      'AI answers are not configured on this server. Set EXA_API_KEY or OPENAI_API_KEY to enable them.',
  },
  sports_fetch_failed: { status: 502, message: 'Failed to fetch sports data' },
  sports_ai_failed: { status: 502, message: 'Failed to process sports data with AI' },
  sports_generate_failed: { status: 502, message: 'Failed to generate sports data' },
  /** The game asked for is not on the stored scoreboard (or left it while it was refreshed). */
  game_process_failed: { status: 404, message: 'Failed to process game data' },
  /** The game is known, but its source failed while refreshing it. */
  game_refresh_failed: { status: 502, message: 'Failed to process game data' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The default message of each code, for whoever shows one without a message of its own. */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, { message }]) => [code, message]),
) as { [Code in ErrorCode]: (typeof ERROR_CATALOGUE)[Code]['message'] };

/** Body of every failed HTTP answer and every failed socket acknowledgement. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

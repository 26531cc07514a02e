/**
 * The one error catalogue: stable snake_case codes shared by server and client.
 * Messages a user sees are SPEC.md's texts where it has one.
 */
export const ERROR_MESSAGES = {
  bad_request: 'The request is not valid.',
  unauthenticated: 'You need to sign in first.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'Not found.',
  rate_limited: 'You are doing that too fast. Please slow down.',
  limit_reached: 'You have reached a limit for your account.',
  store_unavailable: 'The service is temporarily unavailable. Please try again.',
  internal: 'Something went wrong on our side.',
  oauth_not_configured: 'GitHub OAuth not configured. Please check environment variables.',
  oauth_state_mismatch: 'Authentication failed. Please try again.',
  token_exchange_failed: 'Failed to authenticate with GitHub',
  profile_fetch_failed: 'Failed to fetch user information',
  no_access_token: 'No access token available',
  not_configured: 'This feature is not configured on this server.',
  upstream_failed: 'The upstream service failed. Please try again.',
  search_failed: 'Search failed',
  content_failed: 'Failed to load content',
  url_refused: 'This address cannot be fetched: only public http and https pages can be read.',
  answer_not_configured:
    'AI answers are not configured on this server. Set EXA_API_KEY or OPENAI_API_KEY to enable them.',
  sports_fetch_failed: 'Failed to fetch sports data',
  sports_ai_failed: 'Failed to process sports data with AI',
  sports_generate_failed: 'Failed to generate sports data',
  game_process_failed: 'Failed to process game data',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Body of every failed HTTP answer and every failed socket acknowledgement. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

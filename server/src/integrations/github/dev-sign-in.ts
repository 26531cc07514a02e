/**
 * The development sign-in: the app serves GitHub's OAuth pages itself at this path, with this client,
 * so the real GitHub sign-in code runs with no account anywhere. The GitHub client is pointed here when
 * no GitHub app is configured; the auth feature mounts the pages.
 */
export const DEV_OAUTH_PATH = '/dev-oauth';
export const DEV_CLIENT_ID = 'tech-touchdown-dev';
export const DEV_CLIENT_SECRET = 'tech-touchdown-dev-secret';

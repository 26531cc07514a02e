/** Limits shared by client and server, each named with its unit. */
export const CHAT_MESSAGE_MAX_CHARS = 500;
export const OAUTH_STATE_LENGTH = 26;
export const CALLBACK_ERROR_REDIRECT_MS = 3000;
export const LOGIN_CAROUSEL_INTERVAL_MS = 4000;
export const SIDEBAR_BREAKPOINT_PX = 1024;
/** Clients in voice send a heartbeat this often (presence lapses after schemas/voice.ts' VOICE_PRESENCE_TTL_MS). */
export const VOICE_HEARTBEAT_MS = 10_000;

/** Every key the app writes, under one prefix, built only here. */
export const KEY_PREFIX = 'tt:';

export const keys = {
  session: (sid: string) => `${KEY_PREFIX}session:${sid}`,
  rateLimit: (bucket: string, subject: string) => `${KEY_PREFIX}rate:${bucket}:${subject}`,
  lock: (name: string) => `${KEY_PREFIX}lock:${name}`,
  voicePresence: (gameId: string) => `${KEY_PREFIX}voice:${gameId}:participants`,
  voiceRooms: () => `${KEY_PREFIX}voice:rooms`,
  chatHistory: (gameId: string) => `${KEY_PREFIX}chat:${gameId}:messages`,
  /** The stored scoreboard (SportsDataset JSON), shared by every instance. */
  sportsScoreboard: () => `${KEY_PREFIX}sports:scoreboard`,
  devOauthCode: (code: string) => `${KEY_PREFIX}dev-oauth:code:${code}`,
  devOauthToken: (token: string) => `${KEY_PREFIX}dev-oauth:token:${token}`,
} as const;

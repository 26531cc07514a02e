/**
 * The Socket.IO contract, typed once for both sides. Events are `resource:verb`: imperative from the
 * client, past tense from the server. Every client event with a callback is acknowledged with `Ack<T>`.
 */
import type { ErrorCode } from './errors';

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string } };

// Feature issues add their events here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServerToClientEvents {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

/** What the server keeps on each socket after the handshake read the session. */
export interface SocketData {
  login: string;
  userId: number;
  name: string | null;
  role: 'user' | 'moderator' | 'admin';
}

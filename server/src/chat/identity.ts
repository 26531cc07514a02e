import type { Role } from '@shared/schemas/auth';
import type { AppSocket } from '../realtime';

/** Who acts in a game's chat: always the session's user, never what a payload says. */
export interface ChatIdentity {
  login: string;
  name: string | null;
  role: Role;
}

export const identityOf = (socket: AppSocket): ChatIdentity => ({
  login: socket.data.login,
  name: socket.data.name,
  role: socket.data.role,
});

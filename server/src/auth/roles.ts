import type { Role } from '@shared/schemas/auth';
import type { Config } from '../config';

/** A user's chat role, from ADMIN_LOGINS and MODERATOR_LOGINS (logins compare case-insensitively). */
export function roleFor(login: string, config: Pick<Config, 'ADMIN_LOGINS' | 'MODERATOR_LOGINS'>): Role {
  const normalized = login.toLowerCase();
  if (config.ADMIN_LOGINS.some((admin) => admin.toLowerCase() === normalized)) return 'admin';
  if (config.MODERATOR_LOGINS.some((moderator) => moderator.toLowerCase() === normalized)) return 'moderator';
  return 'user';
}

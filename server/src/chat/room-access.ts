import { leagueIdOfChatRoom } from '@shared/schemas/chat';
import { errors } from '../errors';
import { fromStore } from '../storage/from-store';
import type { ChatIdentity } from './identity';

/**
 * Who belongs to a league's draft room, answered by whoever owns leagues (given to the chat by the
 * composition, so the chat knows nothing else of leagues).
 */
export interface LeagueRoomMembership {
  /** The login's place in the league: its commissioner, a member, or null (not a member, or no such league). */
  standing(leagueId: string, login: string): Promise<'commissioner' | 'member' | null>;
}

export type ChatRoomAccess = ReturnType<typeof createChatRoomAccess>;

/**
 * Who may act in a chat room, and as what. A game's room is open to every signed-in user with their
 * session's role. A league's draft room is its members' only: anyone else is told it does not exist
 * (so league ids never leak), and the league's commissioner moderates there as a moderator would.
 * Nobody else gains a role: a member keeps the role of their session.
 */
export function createChatRoomAccess(leagues: LeagueRoomMembership | undefined) {
  async function identityIn(identity: ChatIdentity, roomId: string): Promise<ChatIdentity> {
    const leagueId = leagueIdOfChatRoom(roomId);
    if (leagueId === null) return identity;
    const standing = leagues ? await fromStore(() => leagues.standing(leagueId, identity.login)) : null;
    if (standing === null) throw errors.notFound('No such chat room.');
    if (standing === 'commissioner' && identity.role === 'user') return { ...identity, role: 'moderator' };
    return identity;
  }

  return {
    identityIn,
    isLeagueRoom: (roomId: string) => leagueIdOfChatRoom(roomId) !== null,
    /** Refuses the whole request when any of the rooms is a league room the login is not in. */
    async assertAllowed(login: string, roomIds: readonly string[]): Promise<void> {
      const identity: ChatIdentity = { login, name: null, role: 'user' };
      await Promise.all(roomIds.map((roomId) => identityIn(identity, roomId)));
    },
  };
}

import type { Logger } from 'pino';
import type { VoiceCount } from '@shared/events';
import {
  VOICE_MESH_MAX_PARTICIPANTS,
  type VoiceJoinAnswer,
  type VoicePresence,
  type VoiceSignalData,
} from '@shared/schemas/voice';
import { errors } from '../errors';
import { countOnly, type VoiceBroadcaster } from './broadcaster';
import type { VoicePresenceStore } from './store';

/**
 * One connection as voice sees it (handlers.ts adapts a socket): who it is, the one game whose
 * voice room it is in or joining, and the rooms it enters and leaves.
 */
export interface VoiceMember {
  readonly id: string;
  readonly login: string;
  readonly name: string | null;
  /** The game whose voice room this connection is in (or joining); a connection is in one at most. */
  voiceGame: string | undefined;
  /** The connection closed. */
  readonly gone: boolean;
  /** Enters the game's room (within the connection's room limit) and its voice room. */
  enterVoiceRoom(gameId: string): Promise<void>;
  /** Leaves the voice room; the call itself takes the connection out, before any await. */
  leaveVoiceRoom(gameId: string): Promise<void>;
}

const roomFull = () =>
  errors.voiceRoomFull(
    `This voice room is full (${VOICE_MESH_MAX_PARTICIPANTS} people). Try again when someone leaves.`,
  );

/**
 * Voice presence and WebRTC signalling. Counts go to the whole game room (chat viewers see them
 * too), who is in only to the participants; offers, answers and ICE candidates only to a participant
 * of the same game's voice room. A connection is in one voice room at most, and a login takes one
 * place in a room.
 */
export function createVoiceService(deps: {
  presence: VoicePresenceStore;
  broadcaster: VoiceBroadcaster;
  logger: Logger;
}) {
  const { presence, broadcaster, logger } = deps;
  const lastCounts = new Map<string, number>();

  const push = (state: VoicePresence) => {
    lastCounts.set(state.gameId, state.participantCount);
    broadcaster.presenceChanged(state);
  };

  /**
   * Takes the member out of a voice room it is in (or was joining) and gives its place back. The
   * room goes first, before any await (see disconnected()).
   */
  async function vacate(member: VoiceMember, gameId: string) {
    if (member.voiceGame === gameId) member.voiceGame = undefined;
    await member.leaveVoiceRoom(gameId);
    await presence.remove(gameId, member.id);
    await presence.releasePlace(gameId, member.login, member.id);
  }

  async function leave(member: VoiceMember, gameId: string): Promise<void> {
    if (member.voiceGame !== gameId) return;
    await vacate(member, gameId);
    push(await presence.read(gameId));
  }

  async function join(member: VoiceMember, gameId: string): Promise<VoiceJoinAnswer> {
    const { login, name } = member;
    if (member.voiceGame === gameId) return { ...(await presence.read(gameId)), self: member.id };
    if (member.voiceGame !== undefined) {
      throw errors.limitReached('You are already in voice chat in another game. Leave it to join this one.');
    }
    // Taken before the first await, so joins sent at once by one connection end in one room at most.
    member.voiceGame = gameId;
    let added = false;
    try {
      if ((await presence.read(gameId)).participantCount >= VOICE_MESH_MAX_PARTICIPANTS) throw roomFull();
      if (!(await presence.claimPlace(gameId, login, member.id))) {
        throw errors.limitReached(
          'You are already in this voice chat in another tab or window. Leave it there to join here.',
        );
      }
      await member.enterVoiceRoom(gameId);
      await presence.add(gameId, { id: member.id, login, name });
      added = true;
      const state = await presence.read(gameId);
      // Joins racing for the last place all got in: whoever finds the room over full steps back.
      if (state.participantCount > VOICE_MESH_MAX_PARTICIPANTS) throw roomFull();
      // Left or disconnected while joining: the leave found nothing to remove yet.
      if (member.gone || member.voiceGame !== gameId)
        throw errors.badRequest('You left voice chat while joining it.');
      push(state);
      return { ...state, self: member.id };
    } catch (error) {
      await vacate(member, gameId);
      if (added) push(await presence.read(gameId));
      throw error;
    }
  }

  async function heartbeat(member: VoiceMember, gameId: string): Promise<void> {
    if (member.voiceGame !== gameId) throw errors.badRequest('You are not in this voice room.');
    if (!(await presence.claimPlace(gameId, member.login, member.id))) {
      // This connection's place lapsed (a long stall) and another connection of the login took it.
      await vacate(member, gameId);
      push(await presence.read(gameId));
      throw errors.limitReached('Your voice place went to another tab or window.');
    }
    if (!(await presence.touch(gameId, member.id))) {
      // Lapsed (a long stall): count the participant back in.
      await presence.add(gameId, { id: member.id, login: member.login, name: member.name });
      push(await presence.read(gameId));
    }
  }

  /** Who is in for a participant, the count alone for anyone else. */
  async function presenceFor(member: VoiceMember, gameId: string): Promise<VoicePresence | VoiceCount> {
    const state = await presence.read(gameId);
    return member.voiceGame === gameId ? state : countOnly(state);
  }

  async function signal(member: VoiceMember, gameId: string, to: string, data: VoiceSignalData) {
    if (member.voiceGame !== gameId || !(await presence.has(gameId, to))) {
      throw errors.forbidden('Signals go only to participants of your voice room.');
    }
    broadcaster.signal(to, { gameId, from: member.id, login: member.login, data });
  }

  /**
   * A connection is closing: it leaves its voice room before leave()'s first await, so before
   * Socket.IO saves the rooms a dropped connection recovers: it comes back in its game's room, not
   * in voice.
   */
  function disconnecting(member: VoiceMember): void {
    const gameId = member.voiceGame;
    if (gameId === undefined) return;
    leave(member, gameId).catch((error: unknown) =>
      logger.warn({ err: error, gameId }, 'voice leave failed'),
    );
  }

  /** Removes lapsed participants everywhere and pushes the counts that changed. */
  async function sweep(): Promise<void> {
    for (const gameId of await presence.activeGames()) {
      const state = await presence.read(gameId);
      if (lastCounts.get(gameId) !== state.participantCount) push(state);
      if (state.participantCount === 0) lastCounts.delete(gameId);
    }
  }

  return { join, leave, heartbeat, presence: presenceFor, signal, disconnecting, sweep };
}

export type VoiceService = ReturnType<typeof createVoiceService>;

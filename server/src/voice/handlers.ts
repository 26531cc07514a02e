import type { Logger } from 'pino';
import type { VoiceCount } from '@shared/events';
import {
  VOICE_MESH_MAX_PARTICIPANTS,
  voiceRoomSchema,
  voiceSignalSchema,
  type VoicePresence,
} from '@shared/schemas/voice';
import { errors } from '../errors';
import { acked } from '../realtime/ack';
import type { AppServer, AppSocket } from '../realtime';
import { gameRoom, joinGameRoom } from '../realtime/limits';
import type { VoicePresenceStore } from './presence';

/** How often each instance sweeps voice rooms for heartbeats that lapsed. */
export const VOICE_SWEEP_INTERVAL_MS = 10_000;

/** The Socket.IO room of a game's voice participants: the only ones told who is in voice. */
export const voiceRoom = (gameId: string) => `voice:${gameId}`;

const countOnly = ({ gameId, participantCount }: VoicePresence): VoiceCount => ({ gameId, participantCount });

const roomFull = () =>
  errors.voiceRoomFull(
    `This voice room is full (${VOICE_MESH_MAX_PARTICIPANTS} people). Try again when someone leaves.`,
  );

export interface VoiceRealtime {
  register(socket: AppSocket): void;
  /** Removes lapsed participants everywhere and pushes the new counts. */
  sweep(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * Voice presence and WebRTC signalling over the authenticated socket. Counts are pushed to the
 * whole game room (chat viewers see them too), the participants' socket ids and logins only to the
 * participants; offers, answers and ICE candidates go only to a participant of the same game's
 * voice room. A socket is in one voice room at most, and a login takes one place in a room.
 */
export function createVoiceRealtime(
  io: AppServer,
  presence: VoicePresenceStore,
  logger: Logger,
): VoiceRealtime {
  let sweeper: NodeJS.Timeout | undefined;
  const lastCounts = new Map<string, number>();

  const push = (state: VoicePresence) => {
    lastCounts.set(state.gameId, state.participantCount);
    io.to(voiceRoom(state.gameId)).emit('voice:presence-changed', state);
    io.to(gameRoom(state.gameId))
      .except(voiceRoom(state.gameId))
      .emit('voice:presence-changed', countOnly(state));
  };

  /**
   * Takes the socket out of a voice room it is in (or was joining) and gives its place back. The
   * room goes first, before any await (see the disconnecting listener).
   */
  async function vacate(socket: AppSocket, gameId: string) {
    if (socket.data.voiceGame === gameId) socket.data.voiceGame = undefined;
    await socket.leave(voiceRoom(gameId));
    await presence.remove(gameId, socket.id);
    await presence.releasePlace(gameId, socket.data.login, socket.id);
  }

  async function leave(socket: AppSocket, gameId: string) {
    if (socket.data.voiceGame !== gameId) return;
    await vacate(socket, gameId);
    push(await presence.read(gameId));
  }

  async function join(socket: AppSocket, gameId: string) {
    const { login, name } = socket.data;
    if (socket.data.voiceGame === gameId) return { ...(await presence.read(gameId)), self: socket.id };
    if (socket.data.voiceGame !== undefined) {
      throw errors.limitReached('You are already in voice chat in another game. Leave it to join this one.');
    }
    // Taken before the first await, so joins sent at once by one socket end in one room at most.
    socket.data.voiceGame = gameId;
    let added = false;
    try {
      if ((await presence.read(gameId)).participantCount >= VOICE_MESH_MAX_PARTICIPANTS) throw roomFull();
      if (!(await presence.claimPlace(gameId, login, socket.id))) {
        throw errors.limitReached(
          'You are already in this voice chat in another tab or window. Leave it there to join here.',
        );
      }
      await joinGameRoom(socket, gameId);
      await socket.join(voiceRoom(gameId));
      await presence.add(gameId, { id: socket.id, login, name });
      added = true;
      const state = await presence.read(gameId);
      // Joins racing for the last place all got in: whoever finds the room over full steps back.
      if (state.participantCount > VOICE_MESH_MAX_PARTICIPANTS) throw roomFull();
      // Left or disconnected while joining: the leave found nothing to remove yet.
      if (socket.disconnected || socket.data.voiceGame !== gameId)
        throw errors.badRequest('You left voice chat while joining it.');
      push(state);
      return { ...state, self: socket.id };
    } catch (error) {
      await vacate(socket, gameId);
      if (added) push(await presence.read(gameId));
      throw error;
    }
  }

  function register(socket: AppSocket) {
    socket.on(
      'voice:join',
      acked(logger, voiceRoomSchema, ({ gameId }) => join(socket, gameId)),
    );

    socket.on(
      'voice:leave',
      acked(logger, voiceRoomSchema, async ({ gameId }) => {
        await leave(socket, gameId);
        return null;
      }),
    );

    socket.on(
      'voice:heartbeat',
      acked(logger, voiceRoomSchema, async ({ gameId }) => {
        if (socket.data.voiceGame !== gameId) throw errors.badRequest('You are not in this voice room.');
        if (!(await presence.claimPlace(gameId, socket.data.login, socket.id))) {
          // This socket's place lapsed (a long stall) and another socket of the login took it.
          await vacate(socket, gameId);
          push(await presence.read(gameId));
          throw errors.limitReached('Your voice place went to another tab or window.');
        }
        if (!(await presence.touch(gameId, socket.id))) {
          // Lapsed (a long stall): count the participant back in.
          await presence.add(gameId, { id: socket.id, login: socket.data.login, name: socket.data.name });
          push(await presence.read(gameId));
        }
        return null;
      }),
    );

    socket.on(
      'voice:presence',
      acked(logger, voiceRoomSchema, async ({ gameId }) => {
        const state = await presence.read(gameId);
        return socket.data.voiceGame === gameId ? state : countOnly(state);
      }),
    );

    socket.on(
      'voice:signal',
      acked(logger, voiceSignalSchema, async ({ gameId, to, data }) => {
        if (socket.data.voiceGame !== gameId || !(await presence.has(gameId, to))) {
          throw errors.forbidden('Signals go only to participants of your voice room.');
        }
        io.to(to).emit('voice:signal', { gameId, from: socket.id, login: socket.data.login, data });
        return null;
      }),
    );

    // The voice room is left before leave()'s first await, so before Socket.IO saves the rooms a
    // dropped connection recovers: it comes back in its game's room, not in voice.
    socket.on('disconnecting', () => {
      const gameId = socket.data.voiceGame;
      if (gameId === undefined) return;
      leave(socket, gameId).catch((error: unknown) =>
        logger.warn({ err: error, gameId }, 'voice leave failed'),
      );
    });
  }

  async function sweep() {
    for (const gameId of await presence.activeGames()) {
      const state = await presence.read(gameId);
      if (lastCounts.get(gameId) !== state.participantCount) push(state);
      if (state.participantCount === 0) lastCounts.delete(gameId);
    }
  }

  return {
    register,
    sweep,
    start() {
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'voice sweep failed'));
      }, VOICE_SWEEP_INTERVAL_MS);
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
    },
  };
}

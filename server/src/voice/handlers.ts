import type { Logger } from 'pino';
import {
  VOICE_MESH_MAX_PARTICIPANTS,
  voiceRoomSchema,
  voiceSignalSchema,
  type VoicePresence,
} from '@shared/schemas/voice';
import { gameRoom } from '../chat/handlers';
import { AppError } from '../errors';
import { acked } from '../realtime/ack';
import type { AppServer, AppSocket } from '../realtime';
import type { VoicePresenceStore } from './presence';

/** How often each instance sweeps voice rooms for heartbeats that lapsed. */
export const VOICE_SWEEP_INTERVAL_MS = 10_000;

export interface VoiceRealtime {
  register(socket: AppSocket): void;
  /** Removes lapsed participants everywhere and pushes the new counts. */
  sweep(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * Voice presence and WebRTC signalling over the authenticated socket. Counts are pushed to the
 * whole game room (chat viewers see them too); offers, answers and ICE candidates go only to a
 * participant of the same game's voice room.
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
    io.to(gameRoom(state.gameId)).emit('voice:presence-changed', state);
  };

  async function leave(socket: AppSocket, gameId: string) {
    if (!socket.data.voiceGames?.has(gameId)) return;
    socket.data.voiceGames.delete(gameId);
    await presence.remove(gameId, socket.id);
    push(await presence.read(gameId));
  }

  function register(socket: AppSocket) {
    socket.data.voiceGames = new Set();

    socket.on(
      'voice:join',
      acked(logger, voiceRoomSchema, async ({ gameId }) => {
        const current = await presence.read(gameId);
        const alreadyIn = current.participants.some((p) => p.id === socket.id);
        if (!alreadyIn && current.participantCount >= VOICE_MESH_MAX_PARTICIPANTS) {
          throw new AppError(
            'forbidden',
            409,
            `This voice room is full (${VOICE_MESH_MAX_PARTICIPANTS} people). Try again when someone leaves.`,
          );
        }
        await socket.join(gameRoom(gameId));
        await presence.add(gameId, { id: socket.id, login: socket.data.login, name: socket.data.name });
        socket.data.voiceGames!.add(gameId);
        const state = await presence.read(gameId);
        push(state);
        return { ...state, self: socket.id };
      }),
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
        if (!socket.data.voiceGames?.has(gameId))
          throw new AppError('bad_request', 400, 'You are not in this voice room.');
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
      acked(logger, voiceRoomSchema, ({ gameId }) => presence.read(gameId)),
    );

    socket.on(
      'voice:signal',
      acked(logger, voiceSignalSchema, async ({ gameId, to, data }) => {
        if (!socket.data.voiceGames?.has(gameId) || !(await presence.has(gameId, to))) {
          throw new AppError('forbidden', 403, 'Signals go only to participants of your voice room.');
        }
        io.to(to).emit('voice:signal', { gameId, from: socket.id, login: socket.data.login, data });
        return null;
      }),
    );

    socket.on('disconnecting', () => {
      for (const gameId of socket.data.voiceGames ?? []) {
        leave(socket, gameId).catch((error: unknown) =>
          logger.warn({ err: error, gameId }, 'voice leave failed'),
        );
      }
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

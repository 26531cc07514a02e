import type { Logger } from 'pino';
import type { z } from 'zod';
import { voiceRoomSchema, voiceSignalSchema } from '@shared/schemas/voice';
import type { Metrics } from '../metrics';
import { ackedOnSocket, type AnsweredEvent, type AnswerOf } from '../realtime/ack';
import type { AppSocket } from '../realtime';
import { joinGameRoom } from '../realtime/limits';
import { voiceRoom } from '../realtime/rooms';
import type { VoiceMember, VoiceService } from './service';

/** A socket as the voice service sees it; made for one event, its methods shared by every socket. */
class SocketVoiceMember implements VoiceMember {
  constructor(private readonly socket: AppSocket) {}
  get id() {
    return this.socket.id;
  }
  get login() {
    return this.socket.data.login;
  }
  get name() {
    return this.socket.data.name;
  }
  get voiceGame() {
    return this.socket.data.voiceGame;
  }
  set voiceGame(gameId: string | undefined) {
    this.socket.data.voiceGame = gameId;
  }
  get gone() {
    return this.socket.disconnected;
  }
  async enterVoiceRoom(gameId: string) {
    await joinGameRoom(this.socket, gameId);
    await this.socket.join(voiceRoom(gameId));
  }
  leaveVoiceRoom(gameId: string) {
    return Promise.resolve(this.socket.leave(voiceRoom(gameId)));
  }
}

/**
 * The voice socket events. The handlers are built once and shared by every socket (the socket is
 * an argument, not a closure), so an idle connection costs no closures of its own. Answers the
 * function that registers them on a socket.
 */
export function createVoiceSocketHandlers(
  voice: VoiceService,
  logger: Logger,
  metrics: Pick<Metrics, 'ackTimer'>,
): (socket: AppSocket) => void {
  // The answer's type is the one the shared event map gives the event.
  const on = <E extends AnsweredEvent, S extends Parameters<typeof ackedOnSocket>[1]>(
    event: E,
    schema: S,
    handler: (member: VoiceMember, input: z.infer<S>) => Promise<AnswerOf<E>>,
  ) =>
    ackedOnSocket(
      logger,
      schema,
      (socket: AppSocket, input) => handler(new SocketVoiceMember(socket), input),
      metrics.ackTimer(event),
    );

  const join = on('voice:join', voiceRoomSchema, (member, { gameId }) => voice.join(member, gameId));
  const leave = on('voice:leave', voiceRoomSchema, async (member, { gameId }) => {
    await voice.leave(member, gameId);
    return null;
  });
  const heartbeat = on('voice:heartbeat', voiceRoomSchema, async (member, { gameId }) => {
    await voice.heartbeat(member, gameId);
    return null;
  });
  const presence = on('voice:presence', voiceRoomSchema, (member, { gameId }) =>
    voice.presence(member, gameId),
  );
  const signal = on('voice:signal', voiceSignalSchema, async (member, { gameId, to, data }) => {
    await voice.signal(member, gameId, to, data);
    return null;
  });
  function disconnecting(this: AppSocket) {
    voice.disconnecting(new SocketVoiceMember(this));
  }

  return (socket) => {
    socket.on('voice:join', join);
    socket.on('voice:leave', leave);
    socket.on('voice:heartbeat', heartbeat);
    socket.on('voice:presence', presence);
    socket.on('voice:signal', signal);
    socket.on('disconnecting', disconnecting);
  };
}

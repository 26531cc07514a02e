import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  chatModerationLogSchema,
  chatReactSchema,
  chatSeenSchema,
  chatSlowModeSchema,
  chatSpeakersSchema,
  chatTimeoutSchema,
  chatUnreadSchema,
} from '@shared/schemas/chat';
import type { AckedEvent, Metrics } from '../metrics';
import { ackedOnSocket } from '../realtime/ack';
import { chargeSocketWork, MESSAGES_READ_PER_TOKEN } from '../realtime/limits';
import type { AppSocket } from '../realtime';
import { moderationRoom } from '../realtime/rooms';
import { recentSpeakers } from './mentions';
import type { ChatModeration } from './moderation';
import type { ChatReactions } from './reactions';
import type { ChatRoomStore } from './room-store';
import type { ChatIdentity } from './service';
import type { ChatUnreadService } from './unread';

export interface ChatRoomParts {
  rooms: ChatRoomStore;
  reactions: ChatReactions;
  moderation: ChatModeration;
  unread: ChatUnreadService;
}

const identity = (socket: AppSocket): ChatIdentity => ({
  login: socket.data.login,
  name: socket.data.name,
  role: socket.data.role,
});

/**
 * Socket events of a room's reactions, mentions, unread state and moderation, built once and shared
 * by every socket like the chat's own. Identity is the socket's session, never the payload.
 */
export function createChatRoomSocketHandlers(
  parts: ChatRoomParts,
  logger: Logger,
  metrics: Pick<Metrics, 'ackTimer'>,
): (socket: AppSocket) => void {
  const { rooms, reactions, moderation, unread } = parts;
  const on = <S extends Parameters<typeof ackedOnSocket>[1], R>(
    event: AckedEvent,
    schema: S,
    handler: (socket: AppSocket, input: z.infer<S>) => Promise<R>,
  ) => ackedOnSocket(logger, schema, handler, metrics.ackTimer(event));

  const react = on('chat:react', chatReactSchema, (socket, input) =>
    reactions.react(identity(socket), input),
  );
  const speakers = on('chat:speakers', chatSpeakersSchema, (socket, { gameId }) =>
    recentSpeakers(rooms, socket.data.login, gameId),
  );
  const seen = on('chat:seen', chatSeenSchema, async (socket, { gameId, messageId }) => {
    unread.seen(socket.data.login, gameId, messageId);
    return null;
  });
  const unreadState = on('chat:unread', chatUnreadSchema, async (socket, { gameIds }) => {
    await unread.follow(socket, gameIds);
    const { answer, messagesRead } = await unread.state(socket.data.login, gameIds);
    // Counting reads stored messages, from none (seen up to the newest) to a hundred per game: the
    // socket pays for what was read, as for pages of history, by waiting before its next events.
    chargeSocketWork(socket, Math.ceil(messagesRead / MESSAGES_READ_PER_TOKEN));
    return answer;
  });
  const slowMode = on('chat:slow-mode', chatSlowModeSchema, (socket, { gameId, seconds }) =>
    moderation.setSlowMode(identity(socket), gameId, seconds),
  );
  const timeout = on('chat:timeout', chatTimeoutSchema, (socket, { gameId, login, minutes }) =>
    moderation.timeout(identity(socket), gameId, login, minutes),
  );
  const log = on('chat:moderation-log', chatModerationLogSchema, async (socket, { gameId }) => {
    const entries = await moderation.log(identity(socket), gameId);
    // Refused for anyone but moderators and admins (above); from now on they get each new entry live.
    await socket.join(moderationRoom(gameId));
    return entries;
  });

  return (socket) => {
    socket.on('chat:react', react);
    socket.on('chat:speakers', speakers);
    socket.on('chat:seen', seen);
    socket.on('chat:unread', unreadState);
    socket.on('chat:slow-mode', slowMode);
    socket.on('chat:timeout', timeout);
    socket.on('chat:moderation-log', log);
  };
}

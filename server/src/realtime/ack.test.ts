import pino from 'pino';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Ack } from '@shared/events';
import type { ChatMessage } from '@shared/schemas/chat';
import type { VoiceJoinAnswer } from '@shared/schemas/voice';
import { voiceRoomSchema } from '@shared/schemas/voice';
import { errors } from '../errors';
import { noMetrics } from '../metrics';
import { ackedOnSocket, type AnswerOf } from './ack';
import type { AppSocket } from './index';

const logger = pino({ level: 'silent' });
const timer = noMetrics.ackTimer('voice:join');

/** Calls `listener` as Socket.IO would, and answers what it acknowledged. */
async function answerOf<R>(
  listener: (this: { login: string }, payload: unknown, ack?: (answer: Ack<R>) => void) => Promise<void>,
  payload: unknown,
): Promise<Ack<R> | undefined> {
  let answered: Ack<R> | undefined;
  await listener.call({ login: 'ada' }, payload, (answer) => (answered = answer));
  return answered;
}

describe('ackedOnSocket', () => {
  const greet = ackedOnSocket(
    logger,
    voiceRoomSchema,
    async (socket: { login: string }, { gameId }) => {
      if (gameId === 'gone') throw errors.notFound('No such game.');
      return { greeting: `${socket.login} in ${gameId}` };
    },
    timer,
  );

  it('answers what the handler returns, with the socket it was called on', async () => {
    expect(await answerOf(greet, { gameId: '401' })).toEqual({ ok: true, data: { greeting: 'ada in 401' } });
  });

  it('answers a refusal with its code and words, and a payload its schema refuses as bad_request', async () => {
    expect(await answerOf(greet, { gameId: 'gone' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such game.' },
    });
    expect(await answerOf(greet, { gameId: 7 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('answers nothing, and throws nothing, when the client sent no callback', async () => {
    await expect(
      greet.call({ login: 'ada' }, { gameId: '401' }, 'not a function' as never),
    ).resolves.toBeUndefined();
  });
});

describe('answers are typed by the shared event map', () => {
  it('reads each event’s answer from its AckCallback', () => {
    expectTypeOf<AnswerOf<'voice:join'>>().toEqualTypeOf<VoiceJoinAnswer>();
    expectTypeOf<AnswerOf<'chat:send'>>().toEqualTypeOf<ChatMessage>();
    expectTypeOf<AnswerOf<'chat:leave'>>().toEqualTypeOf<null>();
  });

  // Never called: tsc checks these registrations (the lines under @ts-expect-error must not compile).
  function register(socket: AppSocket) {
    const answersNull = ackedOnSocket(logger, voiceRoomSchema, async (_: AppSocket) => null, timer);
    socket.on('voice:leave', answersNull);
    // @ts-expect-error voice:join answers a VoiceJoinAnswer, not null
    socket.on('voice:join', answersNull);
    const answersCount = ackedOnSocket(logger, voiceRoomSchema, async (_: AppSocket) => 1, timer);
    // @ts-expect-error chat:send answers the stored message, not a count
    socket.on('chat:send', answersCount);
  }

  it('a listener answering the wrong shape is refused where it is registered (checked by tsc)', () => {
    expectTypeOf(register).toBeFunction();
  });
});

/**
 * Mentions, with real clients on two instances behind one Redis: the server finds `@login` in each
 * stored message and every instance delivers the same list with it; the text stays text; the room's
 * recent speakers are offered for the mention list.
 */
import { describe, expect, it } from 'vitest';
import { emit, emitUntyped } from '../helpers/emit';
import { CHAT_MESSAGE_MAX_CHARS } from '@shared/limits';
import { closeChatRoomsAfterEach, dataOf, fan, gameData, next, say, twoInstances } from './chat-room-helpers';
import { newGame, unique } from '../helpers/ids';

closeChatRoomsAfterEach();

describe('chat mentions', () => {
  it('lists the logins a message mentions, the same on both instances and in later pages', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const alice = await fan(a, unique('alice'));
    const bob = await fan(b, unique('bob'));
    await emit(bob.socket, 'chat:join', { gameId });

    const text = `@${bob.login.toUpperCase()} look! cc @${alice.login}, mail x@y.z and <b>@nobody</b>`;
    const onB = next(bob.socket, 'chat:message-created');
    const sent = await say(alice.socket, gameId, text);
    // The text is stored as written; mentions are data beside it.
    expect(sent.message).toBe(text);
    expect(sent.mentions).toEqual([bob.login.toLowerCase(), alice.login.toLowerCase()]);
    expect(await onB).toEqual(sent);

    const plain = await say(alice.socket, gameId, 'no one in particular');
    expect(plain.mentions).toBeUndefined();

    const page = dataOf(await emit(alice.socket, 'chat:join', { gameId }));
    expect(page.messages.map((m) => m.mentions)).toEqual([sent.mentions, undefined]);
  });

  it('offers who spoke recently, newest first, once each, never the asker', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const [ann, ben, cat] = await Promise.all([
      fan(a, unique('ann')),
      fan(b, unique('ben')),
      fan(a, unique('cat')),
    ]);
    await say(ann.socket, gameId, 'one');
    await say(ben.socket, gameId, 'two');
    await say(cat.socket, gameId, 'three');
    await say(ann.socket, gameId, 'four');
    expect(dataOf(await emit(ben.socket, 'chat:speakers', { gameId }))).toEqual({
      gameId,
      logins: [ann.login, cat.login],
    });
    expect(dataOf(await emit(cat.socket, 'chat:speakers', { gameId: newGame() })).logins).toEqual([]);
    for (const payload of [{}, { gameId: '' }, { gameId: 'x'.repeat(65) }, { gameId: ['g'] }]) {
      expect(await emitUntyped(cat.socket, 'chat:speakers', payload)).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
  });

  it('refuses an oversized message full of mentions, and stores nothing', async () => {
    const [a] = await twoInstances();
    const gameId = newGame();
    const alice = await fan(a, unique('alice'));
    await say(alice.socket, gameId, 'first');
    const before = await gameData(gameId);
    const text = `@${alice.login} `.repeat(
      Math.ceil((CHAT_MESSAGE_MAX_CHARS + 1) / (alice.login.length + 2)),
    );
    expect(text.trim().length).toBeGreaterThan(CHAT_MESSAGE_MAX_CHARS);
    expect(
      await emit(alice.socket, 'chat:send', { gameId, message: text, team: 'home', teamName: 'Chiefs' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        message: expect.stringContaining(`at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
      },
    });
    expect(await gameData(gameId)).toEqual(before);
  });
});

import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import type { VoiceCount } from '@shared/events';
import type { VoiceJoinAnswer, VoicePresence, VoiceSignal } from '@shared/schemas/voice';
import { keys } from '@server/storage/keys';
import { connectSocket, signedInSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { emit, emitUntyped } from '../helpers/emit';
import { newGame, unique } from '../helpers/ids';

const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ env: { SESSION_SECRET, ...env } });
  apps.push(app);
  return app;
}

async function participant(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

/** Resolves with the first presence push for `gameId` whose count is `count`. */
function presenceReaches<P extends VoiceCount = VoiceCount>(
  socket: TestSocket,
  gameId: string,
  count: number,
): Promise<P> {
  return new Promise((resolve) => {
    const listener = (presence: VoicePresence | VoiceCount) => {
      if (presence.gameId === gameId && presence.participantCount === count) {
        socket.off('voice:presence-changed', listener);
        resolve(presence as P);
      }
    };
    socket.on('voice:presence-changed', listener);
  });
}

describe('voice presence owned by the server', () => {
  it('pushes the participant count to the whole game room as people join and leave', async () => {
    const app = await start();
    const gameId = newGame();
    const viewer = await participant(app, 'viewer');
    await emit(viewer.socket, 'chat:join', { gameId });
    const alice = await participant(app, 'alice');
    const bob = await participant(app, 'bob');

    const one = presenceReaches(viewer.socket, gameId, 1);
    const aliceJoin = (await emit(alice.socket, 'voice:join', { gameId })) as {
      data: VoiceJoinAnswer;
    };
    expect(aliceJoin.data.participantCount).toBe(1);
    expect(aliceJoin.data.self).toBe(alice.socket.id);
    // The viewer is not in voice: it learns how many are, not who.
    expect(await one).toEqual({ gameId, participantCount: 1, version: expect.any(Number) });

    const two = presenceReaches(viewer.socket, gameId, 2);
    const bobJoin = (await emit(bob.socket, 'voice:join', { gameId })) as {
      data: VoiceJoinAnswer;
    };
    expect(bobJoin.data.participants.map((p) => p.id).sort()).toEqual(
      [alice.socket.id, bob.socket.id].sort(),
    );
    await two;

    const backToOne = presenceReaches(viewer.socket, gameId, 1);
    await emit(bob.socket, 'voice:leave', { gameId });
    await backToOne;

    const zero = presenceReaches(viewer.socket, gameId, 0);
    alice.socket.close(); // vanishing counts as leaving
    await zero;
    const asked = (await emit(viewer.socket, 'voice:presence', { gameId })) as {
      data: VoicePresence;
    };
    expect(asked.data.participantCount).toBe(0);
  });

  it('counts participants across instances and drops ones whose heartbeat lapsed', async () => {
    const first = await start();
    const second = await start();
    const gameId = newGame();
    const alice = await participant(first, 'alice');
    const { client } = await signIn(first, unique('bob'));
    const bob = await connectSocket(second.baseUrl, { cookie: client.cookieHeader() });
    sockets.push(bob);
    await emit(bob, 'chat:join', { gameId });

    const one = presenceReaches(bob, gameId, 1);
    await emit(alice.socket, 'voice:join', { gameId });
    await one;

    // A participant left behind by an instance that crashed: its heartbeat stops.
    const ghost = (seenAt: number) =>
      first.store.hashSet(
        keys.voicePresence(gameId),
        'ghost-socket',
        JSON.stringify({ login: 'ghost', name: null, seenAt }),
      );
    await ghost(Date.now());
    const counted = (await emit(bob, 'voice:presence', { gameId })) as { data: VoicePresence };
    expect(counted.data.participantCount).toBe(2);

    await ghost(Date.now() - 60_000);
    const backToOne = presenceReaches(bob, gameId, 1);
    const aliceSeesOne = presenceReaches<VoicePresence>(alice.socket, gameId, 1);
    await second.app.voice.sweep();
    expect(await backToOne).toEqual({ gameId, participantCount: 1, version: expect.any(Number) });
    expect((await aliceSeesOne).participants.map((p) => p.login)).toEqual([alice.user.login]);
  });

  it('relays signalling only between participants of the same voice room', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await participant(app, 'alice');
    const bob = await participant(app, 'bob');
    const eve = await participant(app, 'eve');
    await emit(alice.socket, 'voice:join', { gameId });
    await emit(bob.socket, 'voice:join', { gameId });

    const received = new Promise<VoiceSignal>((resolve) => alice.socket.once('voice:signal', resolve));
    const offer = { type: 'offer' as const, sdp: 'v=0\r\n' };
    expect((await emit(bob.socket, 'voice:signal', { gameId, to: alice.socket.id!, data: offer })).ok).toBe(
      true,
    );
    expect(await received).toEqual({ gameId, from: bob.socket.id, login: bob.user.login, data: offer });

    const refused = await emit(eve.socket, 'voice:signal', { gameId, to: alice.socket.id!, data: offer });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const malformed = await emitUntyped(bob.socket, 'voice:signal', {
      gameId,
      to: alice.socket.id,
      data: { type: 'x' },
    });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('limits a mesh room to 8 people', async () => {
    const app = await start();
    const gameId = newGame();
    for (let i = 0; i < 8; i++) {
      const p = await participant(app, `p${i}`);
      expect((await emit(p.socket, 'voice:join', { gameId })).ok).toBe(true);
    }
    const ninth = await participant(app, 'late');
    const refused = await emit(ninth.socket, 'voice:join', { gameId });
    expect(refused.ok).toBe(false);
    expect((refused as { error: { message: string } }).error.message).toMatch(/full/);
  });

  it('describes the built-in WebRTC path and its ICE servers', async () => {
    const app = await start({
      ICE_SERVERS: '[{"urls":"turn:127.0.0.1:3478","username":"u","credential":"p"}]',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    const { client } = await signIn(app, unique('alice'));
    const answer = await client.request('/api/voice/config');
    expect(await answer.json()).toEqual({
      provider: 'webrtc',
      iceServers: [{ urls: 'turn:127.0.0.1:3478', username: 'u', credential: 'p' }],
      iceTransportPolicy: 'relay',
      maxParticipants: 8,
    });
    expect((await fetch(`${app.baseUrl}/api/voice/config`)).status).toBe(401);
  });
});

describe('Twilio voice', () => {
  const twilioEnv = {
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_API_KEY_SID: 'SK00000000000000000000000000000001',
    TWILIO_API_KEY_SECRET: 'test-api-key-secret',
    TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'test-auth-token',
  };

  it("issues a Voice token whose identity is the session's login, not the body's", async () => {
    const app = await start(twilioEnv);
    const login = unique('alice');
    const { client } = await signIn(app, login);
    const answer = await client.json('/api/twilio/access-token', {
      identity: 'someone-else',
      roomName: 'game-1',
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { token: string; identity: string; roomName: string };
    expect(body.identity).toBe(login);
    expect(body.roomName).toBe('game-1');
    const [header, payload] = body.token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    expect(payload.grants.identity).toBe(login);
    expect(payload.grants.voice.outgoing.application_sid).toBe(twilioEnv.TWILIO_TWIML_APP_SID);
    expect(payload.grants.voice.incoming).toBeUndefined();
    expect(payload.iss).toBe(twilioEnv.TWILIO_API_KEY_SID);
    expect(payload.sub).toBe(twilioEnv.TWILIO_ACCOUNT_SID);
    expect(payload.exp - payload.iat).toBe(3600);

    const config = (await (await client.request('/api/voice/config')).json()) as { provider: string };
    expect(config.provider).toBe('twilio');
  });

  it('answers the conference TwiML only to requests signed by Twilio', async () => {
    const app = await start(twilioEnv);
    const url = `${app.baseUrl}/api/twilio/voice`;
    const params = {
      CallSid: 'CA1',
      From: 'client:alice',
      To: 'conference:game-42',
      ApplicationSid: twilioEnv.TWILIO_TWIML_APP_SID,
    };
    const signature = twilio.getExpectedTwilioSignature(twilioEnv.TWILIO_AUTH_TOKEN, url, params);
    const signed = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams(params),
      headers: { 'x-twilio-signature': signature },
    });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toMatch(/text\/xml/);
    const xml = await signed.text();
    expect(xml).toContain('<Dial><Conference');
    expect(xml).toContain('>game-42</Conference>');

    const forged = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ ...params, To: 'conference:other-room' }),
      headers: { 'x-twilio-signature': signature },
    });
    expect(forged.status).toBe(403);
    const unsigned = await fetch(url, { method: 'POST', body: new URLSearchParams(params) });
    expect(unsigned.status).toBe(403);
  });

  it('says clearly when Twilio is not configured', async () => {
    const app = await start();
    const { client } = await signIn(app, unique('alice'));
    const answer = await client.json('/api/twilio/access-token', { roomName: 'game-1' });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      'Voice through Twilio is not configured on this server.',
    );
  });
});

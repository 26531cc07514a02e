/**
 * Voice relays on the TURN REST scheme: with TURN_SECRET the voice config carries credentials made
 * for the user on each request, never static ones, and a real coturn started with
 * `--use-auth-secret` (on loopback) accepts them and refuses forged or expired ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceConfig } from '@shared/schemas/voice';
import { loadConfig } from '@server/config';
import { TURN_CREDENTIAL_TTL_SECONDS, turnCredentials } from '@server/voice/routes';
import { signIn } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { allocateRelay, startTurnServer, type TurnServer } from '../helpers/turn-server';
import { unique } from '../helpers/ids';

const SECRET = `turn-secret-${randomUUID()}`;
let turn: TurnServer;
let app: TestApp | null = null;

beforeAll(async () => {
  turn = await startTurnServer({ authSecret: SECRET });
});
afterAll(async () => {
  await turn?.stop();
});
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('TURN credentials from a shared secret', () => {
  it('hands each user fresh credentials that coturn accepts, and coturn refuses forged or expired ones', async () => {
    app = await startTestApp({
      storeKind: 'memory',
      env: {
        TURN_SECRET: SECRET,
        TURN_URLS: turn.url,
        ICE_SERVERS: JSON.stringify([{ urls: 'stun:127.0.0.1:3478' }]),
      },
    });
    const login = unique('caller');
    const { client } = await signIn(app, login);
    const answer = await client.request('/api/voice/config');
    expect(answer.status).toBe(200);
    const config = (await answer.json()) as VoiceConfig;
    expect(config.iceServers[0]).toEqual({ urls: 'stun:127.0.0.1:3478' });
    const relay = config.iceServers.find((server) => [server.urls].flat().includes(turn.url))!;
    expect(relay).toBeDefined();

    const [expiry, who] = relay.username!.split(':');
    expect(who).toBe(login);
    // The Date header has whole seconds: the expiry is the TTL after it, give or take one.
    const issued = Date.parse(answer.headers.get('date')!) / 1000;
    expect(Math.abs(Number(expiry) - issued - TURN_CREDENTIAL_TTL_SECONDS)).toBeLessThanOrEqual(1);

    expect(await allocateRelay(turn.port, relay.username!, relay.credential!)).toBe('allocated');
    expect(await allocateRelay(turn.port, relay.username!, 'a-guessed-password')).toBe(401);
    // The HMAC covers the whole username: the credential does not work for another login or time.
    expect(await allocateRelay(turn.port, `${expiry}:someone-else`, relay.credential!)).toBe(401);
    expect(await allocateRelay(turn.port, `${Number(expiry) + 3600}:${login}`, relay.credential!)).toBe(401);
    // Correctly signed but past its expiry: refused.
    const expired = turnCredentials(SECRET, login, Date.now() - (TURN_CREDENTIAL_TTL_SECONDS + 60) * 1000);
    expect(await allocateRelay(turn.port, expired.username, expired.credential)).toBe(401);
  });

  it('refuses to start with static TURN credentials beside the secret, or half of the pair', () => {
    const withStatic = {
      TURN_SECRET: SECRET,
      TURN_URLS: 'turn:turn.example:3478',
      ICE_SERVERS: JSON.stringify([{ urls: 'turn:other.example:3478', username: 'u', credential: 'p' }]),
    };
    expect(() => loadConfig(withStatic)).toThrow(
      /ICE_SERVERS: no static credentials when TURN_SECRET is set/,
    );
    expect(() => loadConfig({ TURN_SECRET: SECRET })).toThrow(
      /TURN_SECRET and TURN_URLS: set both or neither/,
    );
    expect(() => loadConfig({ TURN_SECRET: SECRET, TURN_URLS: 'https://turn.example' })).toThrow(
      /TURN_URLS.*turn: or turns: URL/,
    );
  });
});

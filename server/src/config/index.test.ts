import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

const load = (env: Record<string, string | undefined>) => loadConfig(env, () => 'generated-secret-generated');

describe('loadConfig', () => {
  it('works with nothing configured: port 3000, development sign-in, in-memory state', () => {
    const config = load({});
    expect(config.PORT).toBe(3000);
    // Anyone who reaches the development sign-in can be anyone: only this machine can, by default.
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.devSignInExposed).toBe(false);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.oauthRedirectUri).toBe('http://localhost:3000/auth/callback');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.devSignInEnabled).toBe(true);
    expect(config.githubConfigured).toBe(false);
    expect(config.SESSION_SECRET).toBe('generated-secret-generated');
    expect(config.GITHUB_URL).toBe('https://github.com');
    expect(config.NEWS_FEEDS.length).toBeGreaterThan(0);
  });

  it('treats empty strings as unset and parses lists and booleans', () => {
    const config = load({
      PORT: '',
      REDIS_URL: '  ',
      ADMIN_LOGINS: 'alice, bob ,,',
      FETCH_ALLOW_PRIVATE: 'yes',
      PUBLIC_URL: 'https://touchdown.example/',
    });
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.ADMIN_LOGINS).toEqual(['alice', 'bob']);
    expect(config.FETCH_ALLOW_PRIVATE).toBe(true);
    expect(config.PUBLIC_URL).toBe('https://touchdown.example');
    expect(config.secureCookies).toBe(true);
  });

  it('enables GitHub sign-in when both client id and secret are set', () => {
    const config = load({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    expect(config.githubConfigured).toBe(true);
    expect(config.devSignInEnabled).toBe(false);
  });

  it('listens on every interface by default once the development sign-in is off', () => {
    expect(load({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }).HOST).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-enough-secret' }).HOST).toBe('0.0.0.0');
  });

  it('flags a development sign-in exposed by an explicit non-loopback HOST', () => {
    expect(load({ HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', devSignInExposed: true });
    expect(load({ HOST: '192.168.1.20' }).devSignInExposed).toBe(true);
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost']) {
      expect(load({ HOST: host })).toMatchObject({ HOST: host, devSignInExposed: false });
    }
    const github = load({ HOST: '0.0.0.0', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    expect(github.devSignInExposed).toBe(false);
  });

  it('never enables the development sign-in in production', () => {
    const config = load({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-enough-secret' });
    expect(config.devSignInEnabled).toBe(false);
    expect(config.githubConfigured).toBe(false);
  });

  it('lists every bad value, one line per problem', () => {
    let caught: unknown;
    try {
      load({ PORT: 'eighty', REDIS_URL: 'http://nope', FETCH_ALLOW_PRIVATE: 'maybe', ICE_SERVERS: '[oops' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.some((line) => line.startsWith('PORT:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('REDIS_URL:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('FETCH_ALLOW_PRIVATE:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('ICE_SERVERS:'))).toBe(true);
  });

  it('requires SESSION_SECRET in production and both GitHub values together', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => load({ GITHUB_CLIENT_ID: 'id' })).toThrow(/set both or neither/);
  });

  it('reads one Redis, or with REDIS_CLUSTER the seed nodes of a cluster', () => {
    expect(load({ REDIS_URL: 'redis://cache:6379' }).redis).toEqual({
      urls: ['redis://cache:6379'],
      cluster: false,
    });
    const cluster = load({ REDIS_URL: 'redis://a:7000, redis://b:7000', REDIS_CLUSTER: '1' });
    expect(cluster.redis).toEqual({ urls: ['redis://a:7000', 'redis://b:7000'], cluster: true });
    // One stream would put every room's broadcasts on one shard: a cluster gets the sharded adapter.
    expect(cluster.SOCKET_ADAPTER).toBe('sharded');
    expect(load({ REDIS_URL: 'redis://cache:6379' }).SOCKET_ADAPTER).toBe('streams');
    expect(
      load({ REDIS_URL: 'redis://a:7000', REDIS_CLUSTER: '1', SOCKET_ADAPTER: 'streams' }).SOCKET_ADAPTER,
    ).toBe('streams');
    expect(load({}).redis).toBeNull();
    expect(() => load({ REDIS_URL: 'redis://a:7000,redis://b:7000' })).toThrow(/set REDIS_CLUSTER=1/);
    expect(() => load({ REDIS_CLUSTER: '1' })).toThrow(/REDIS_CLUSTER: needs REDIS_URL/);
    expect(() => load({ REDIS_URL: 'redis://a:7000,http://b', REDIS_CLUSTER: '1' })).toThrow(/REDIS_URL:/);
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or address, and never every client', () => {
    expect(load({}).TRUST_PROXY).toBeUndefined();
    expect(
      load({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-enough-secret' }).TRUST_PROXY,
    ).toBeUndefined();
    expect(load({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(load({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(load({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
    ]);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every client/);
    let caught: unknown;
    try {
      load({ TRUST_PROXY: 'nginx', PORT: 'eighty' });
    } catch (error) {
      caught = error;
    }
    // Listed with the other problems, one line each.
    expect((caught as ConfigError).problems).toEqual([
      expect.stringMatching(/^PORT:/),
      expect.stringMatching(/^TRUST_PROXY: must be a hop count or the proxy's addresses or subnets/),
    ]);
    for (const bad of ['10.0.0.0/33', '10.0.0', '::1/129', '10.0.0.1/8/8', 'Loopback', ',']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY:/);
    }
  });

  it('keeps metrics off unless METRICS_PORT or METRICS_TOKEN asks, on loopback by default', () => {
    const off = load({});
    expect([off.METRICS_PORT, off.METRICS_TOKEN]).toEqual([undefined, undefined]);
    const ownPort = load({ METRICS_PORT: '9464' });
    expect([ownPort.METRICS_PORT, ownPort.METRICS_HOST]).toEqual([9464, '127.0.0.1']);
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
    expect(load({ METRICS_TOKEN: 'a-token-of-16-chars' }).METRICS_TOKEN).toBe('a-token-of-16-chars');
    expect(() => load({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST: is where METRICS_PORT listens/);
    expect(() => load({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT:/);
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => load({ METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(
      /METRICS_TOKEN: must be printable/,
    );
  });

  it('parses ICE servers from JSON', () => {
    const config = load({ ICE_SERVERS: '[{"urls":"turn:127.0.0.1:3478","username":"u","credential":"p"}]' });
    expect(config.ICE_SERVERS).toEqual([{ urls: 'turn:127.0.0.1:3478', username: 'u', credential: 'p' }]);
  });
});

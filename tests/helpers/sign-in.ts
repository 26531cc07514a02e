import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';
import { cookieClient, type TestApp } from './test-app';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SignedInClient = ReturnType<typeof cookieClient>;

/** Walks the development sign-in as a browser does and returns the callback's code and state. */
export async function authorize(app: TestApp, client: SignedInClient, login = 'octo') {
  const loginAnswer = await client.request('/api/auth/github/login');
  expect(loginAnswer.status).toBe(200);
  const { url } = (await loginAnswer.json()) as { url: string };
  const authorizeUrl = new URL(url);
  const state = authorizeUrl.searchParams.get('state')!;
  const form = new URLSearchParams({
    client_id: authorizeUrl.searchParams.get('client_id')!,
    redirect_uri: authorizeUrl.searchParams.get('redirect_uri')!,
    state,
    login,
    decision: 'allow',
  });
  const approved = await fetch(`${app.baseUrl}/dev-oauth/login/oauth/authorize`, {
    method: 'POST',
    body: form,
    headers: { origin: app.baseUrl },
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  return {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    authorizeUrl,
  };
}

/** A signed-in HTTP client (cookie jar) for `login`. */
export async function signIn(app: TestApp, login = 'octo') {
  const client = cookieClient(app.baseUrl);
  const { code, state } = await authorize(app, client, login);
  const answer = await client.json('/api/auth/github', { code, state });
  expect(answer.status).toBe(200);
  return { client, body: (await answer.json()) as { user: { login: string }; role: string } };
}

/** A real socket.io-client connection carrying the given headers (cookie, origin). */
export function connectSocket(baseUrl: string, headers: Record<string, string>): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket: TestSocket = connect(baseUrl, {
      transports: ['websocket'],
      extraHeaders: headers,
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Signs `login` in on `app` and opens an authenticated socket for it. */
export async function signedInSocket(app: TestApp, login: string) {
  const { client, body } = await signIn(app, login);
  const socket = await connectSocket(app.baseUrl, { cookie: client.cookieHeader() });
  return { client, socket, user: body.user, role: body.role };
}

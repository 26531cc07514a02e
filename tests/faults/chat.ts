/**
 * Chat as a fault test drives it: the vitest-free client (chat-client.ts) plus sign-in through any
 * front (an instance or a proxy) with the test helper's checks.
 */
import { signIn } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';

export * from './chat-client';

/** Signs `login` in through `baseUrl` (sessions live in Redis: any instance behind it will do). */
export async function signInAt(baseUrl: string, login: string) {
  return (await signIn({ baseUrl } as TestApp, login)).client;
}

import { useEffect, useState } from 'react';
import type { SignInProvider, SignInProvidersResponse } from '@shared/schemas/auth';
import { api } from '@client/lib/api-client';

/** What is offered when the server cannot be asked: GitHub's button, whose press says what is wrong. */
const GITHUB_ONLY: SignInProvider[] = [{ id: 'github', name: 'GitHub' }];

/**
 * The sign-ins this server offers (GET /api/auth/providers), null until it answers. An empty list
 * means nobody can sign in, which the login page says at once instead of after a press.
 */
export function useSignInProviders(): SignInProvider[] | null {
  const [providers, setProviders] = useState<SignInProvider[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<SignInProvidersResponse>('/auth/providers', { signal: controller.signal })
      .then((answer) => setProviders(answer.providers))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('auth: could not read the sign-in providers', error);
        setProviders(GITHUB_ONLY);
      });
    return () => controller.abort();
  }, []);
  return providers;
}

/** 'GitHub', 'GitHub or GitLab', 'GitHub, GitLab or Forgejo': the accounts one can sign in with. */
export function accountNames(providers: readonly SignInProvider[]): string {
  const names = providers.length > 0 ? providers.map(({ name }) => name) : ['GitHub'];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInProvider } from '@shared/schemas/auth';
import { LoginPage } from './login-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: nobody signed in, these sign-ins offered (an error status: the list cannot be read). */
function serve(providers: SignInProvider[] | number) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const path = String(input);
    if (path === '/api/auth/me') {
      return Promise.resolve(json(401, { error: { code: 'unauthenticated', message: 'x' } }));
    }
    if (path === '/api/auth/providers') {
      return Promise.resolve(
        typeof providers === 'number'
          ? json(providers, { error: { code: 'internal', message: 'Something went wrong on our side.' } })
          : json(200, { providers }),
      );
    }
    // A sign-in start: left pending, as the page is leaving for the provider.
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the login page', () => {
  it('says at once when no sign-in is configured, and offers no button that cannot work', async () => {
    serve([]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'GitHub OAuth not configured. Please check environment variables.',
    );
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeDisabled();
  });

  it('shows one button per sign-in, and the pressed one starts its own', async () => {
    const fetchMock = serve([
      { id: 'github', name: 'GitHub' },
      { id: 'gitlab', name: 'GitLab' },
    ]);
    const gitlab = await screen.findByRole('button', { name: 'Sign in with GitLab' });
    await waitFor(() => expect(gitlab).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeEnabled();
    expect(screen.getByText(/sign in with your GitHub or GitLab account/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(gitlab);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/gitlab/login', expect.anything());
    expect(await screen.findByRole('button', { name: /Signing in\.\.\./ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeDisabled();
  });

  it("offers GitHub's button when the list cannot be read", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(500);
    const github = await screen.findByRole('button', { name: 'Sign in with GitHub' });
    await waitFor(() => expect(github).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

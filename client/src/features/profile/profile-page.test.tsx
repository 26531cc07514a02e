import { render, screen } from '@testing-library/react';
import { createStore, Provider } from '@client/lib/store';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/schemas/auth';
import { ProfilePage } from './profile-page';

const GITHUB_USER: User = {
  id: 1,
  login: 'octocat',
  name: 'The Octocat',
  avatar_url: 'https://avatars.githubusercontent.com/u/1',
  html_url: 'https://github.com/octocat',
  bio: null,
  created_at: '2011-01-25T18:44:36Z',
  location: null,
  company: null,
  blog: null,
  email: null,
  public_repos: 8,
  followers: 20,
  following: 9,
};

function signedIn(user: User) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ user, role: 'user' }, { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/profile']}>
        <ProfilePage />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the profile page', () => {
  it('links a GitHub user to GitHub and shows their GitHub Statistics', async () => {
    signedIn(GITHUB_USER);
    expect(await screen.findByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/octocat',
    );
    expect(screen.getByRole('heading', { name: 'GitHub Statistics' })).toBeInTheDocument();
    expect(screen.getByText('Public Repositories')).toBeInTheDocument();
  });

  it('links someone signed in with GitLab to GitLab, and counts no GitHub statistics they do not have', async () => {
    signedIn({
      ...GITHUB_USER,
      login: 'jane-doe@gitlab',
      html_url: 'https://gitlab.example/jane.doe',
      public_repos: 0,
      followers: 0,
      following: 0,
      provider: { id: 'gitlab', name: 'GitLab' },
    });
    expect(await screen.findByRole('link', { name: 'View on GitLab' })).toHaveAttribute(
      'href',
      'https://gitlab.example/jane.doe',
    );
    expect(screen.getByText('@jane-doe@gitlab')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'GitHub Statistics' })).not.toBeInTheDocument();
  });
});

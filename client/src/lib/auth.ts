import { atom, useAtomValue, useSetAtom } from '@client/lib/store';
import { startTransition, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { LoginUrlResponse, MeResponse, Role, User } from '@shared/schemas/auth';
import { ApiError, api } from './api-client';

/** Auth state (user, isAuthenticated, isLoading, error), plus the chat role the server derived from the session. */
export interface AuthState {
  user: User | null;
  role: Role | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export interface AuthActions {
  /**
   * Sends the browser to a provider's authorize page (GitHub's unless `provider` names another
   * sign-in of GET /api/auth/providers); `returnTo` is where to land after sign-in.
   */
  login(returnTo?: string, provider?: string): Promise<void>;
  /** Finishes sign-in from the callback page (`iss` when the provider sent one); true when signed in. */
  handleCallback(code: string, state: string, iss?: string): Promise<boolean>;
  logout(): Promise<void>;
  clearError(): void;
}

export type AuthContextValue = AuthState & AuthActions;

/** Where the browser goes after sign-in, kept across the trip to GitHub (this tab only). */
const RETURN_TO_KEY = 'tt.returnTo';

export const AUTH_MESSAGES = {
  startupFailed: 'Failed to initialize authentication',
  callbackFailed: 'Authentication failed. Please try again.',
  notConfigured: 'GitHub OAuth not configured. Please check environment variables.',
} as const;

/** Only same-app paths: never an absolute URL or a protocol-relative '//host'. */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path.startsWith('/login') || path.startsWith('/auth/callback')) return '/';
  return path;
}

/** Reads and forgets the remembered page. */
export function takeReturnPath(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch (error) {
    console.warn('auth: could not read the return path', error);
  }
  return safeReturnPath(path);
}

const SIGNED_OUT: AuthState = {
  user: null,
  role: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};

/** Who is signed in; starts loading, since nothing is known until /api/auth/me answers. */
const stateAtom = atom<AuthState>({ ...SIGNED_OUT, isLoading: true });

/** Bumped by every sign-in or sign-out, so a slower start-up check cannot overwrite its outcome. */
const generationAtom = atom(0);

/**
 * Who is signed in. The GitHub token never leaves the server; the browser only ever asks
 * /api/auth/me for the profile its session cookie belongs to, once when this atom is first mounted
 * (the app keeps it mounted for its lifetime). Unmounting aborts that check.
 */
export const authStateAtom = atom(
  (get) => get(stateAtom),
  (get, set, signal: AbortSignal) => {
    // The callback page signs in itself; a parallel /me on the pre-sign-in session could answer
    // after sign-in and undo it.
    const onCallback = window.location.pathname === '/auth/callback';
    if (onCallback && new URLSearchParams(window.location.search).has('code')) return;
    const started = get(generationAtom);
    api
      .get<MeResponse>('/auth/me', { signal })
      .then(({ user, role }) => {
        if (get(generationAtom) !== started) return;
        // The answer swaps the start-up spinner for the whole signed-in frame and its page: rendered
        // as a transition, React does that work in slices between which the browser can paint and
        // answer input, instead of one long task.
        startTransition(() => {
          set(stateAtom, { user, role, isAuthenticated: true, isLoading: false, error: null });
        });
      })
      .catch((error: unknown) => {
        if (signal.aborted || get(generationAtom) !== started) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        set(stateAtom, { ...SIGNED_OUT, error: signedOut ? null : AUTH_MESSAGES.startupFailed });
      });
  },
);

authStateAtom.onMount = (checkSession) => {
  const controller = new AbortController();
  checkSession(controller.signal);
  return () => controller.abort();
};

export const loginAtom = atom(null, async (_get, set, returnTo?: string, provider?: string) => {
  set(stateAtom, (current) => ({ ...current, isLoading: true, error: null }));
  try {
    const { url } = await api.get<LoginUrlResponse>(
      `/auth/${encodeURIComponent(provider ?? 'github')}/login`,
    );
    try {
      sessionStorage.setItem(RETURN_TO_KEY, safeReturnPath(returnTo));
    } catch (error) {
      console.warn('auth: could not remember the return path', error);
    }
    window.location.assign(url);
  } catch (error) {
    const message =
      error instanceof ApiError && error.code === 'oauth_not_configured'
        ? AUTH_MESSAGES.notConfigured
        : error instanceof Error && error.message
          ? error.message
          : AUTH_MESSAGES.notConfigured;
    set(stateAtom, (current) => ({ ...current, isLoading: false, error: message }));
  }
});

export const handleCallbackAtom = atom(null, async (_get, set, code: string, state: string, iss?: string) => {
  set(generationAtom, (generation) => generation + 1);
  set(stateAtom, (current) => ({ ...current, isLoading: true, error: null }));
  try {
    // The session knows which provider this sign-in started with.
    const { user, role } = await api.post<MeResponse>('/auth/callback', {
      code,
      state,
      ...(iss ? { iss } : {}),
      redirect_uri: `${window.location.origin}/auth/callback`,
    });
    set(stateAtom, { user, role, isAuthenticated: true, isLoading: false, error: null });
    return true;
  } catch {
    set(stateAtom, { ...SIGNED_OUT, error: AUTH_MESSAGES.callbackFailed });
    return false;
  }
});

export const logoutAtom = atom(null, async (_get, set) => {
  set(generationAtom, (generation) => generation + 1);
  try {
    await api.post('/auth/logout');
  } catch (error) {
    console.warn('auth: logout request failed; signing out locally', error);
  }
  // The signed-in frame closes the socket when the state turns signed out (the socket client is not
  // part of /login's JavaScript).
  set(stateAtom, SIGNED_OUT);
});

export const clearErrorAtom = atom(null, (_get, set) => {
  set(stateAtom, (current) => ({ ...current, error: null }));
});

/** Signs out and goes to /login, replacing the page in history (top bar, sidebar, profile). */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);
}

/** The auth state and actions. */
export function useAuth(): AuthContextValue {
  const state = useAtomValue(authStateAtom);
  const login = useSetAtom(loginAtom);
  const handleCallback = useSetAtom(handleCallbackAtom);
  const logout = useSetAtom(logoutAtom);
  const clearError = useSetAtom(clearErrorAtom);
  return useMemo(
    () => ({ ...state, login, handleCallback, logout, clearError }),
    [state, login, handleCallback, logout, clearError],
  );
}

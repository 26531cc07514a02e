import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { LoginUrlResponse, MeResponse, Role, User } from '@shared/schemas/auth';
import { ApiError, api } from './api-client';
import { disconnectSocket } from './socket';

/** Auth state (user, isAuthenticated, isLoading, error), plus the chat role the server derived from the session. */
export interface AuthState {
  user: User | null;
  role: Role | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export interface AuthActions {
  /** Sends the browser to GitHub's authorize page; `returnTo` is where to land after sign-in. */
  login(returnTo?: string): Promise<void>;
  /** Finishes sign-in from the callback page; resolves true when signed in. */
  handleCallback(code: string, state: string): Promise<boolean>;
  logout(): Promise<void>;
  clearError(): void;
}

export type AuthContextValue = AuthState & AuthActions;

const AuthContext = createContext<AuthContextValue | null>(null);

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

/**
 * Holds who is signed in. The GitHub token never leaves the server; the browser only ever
 * asks /api/auth/me for the profile its session cookie belongs to.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ ...SIGNED_OUT, isLoading: true });

  // Bumped by every sign-in or sign-out, so a slower start-up check cannot overwrite its outcome.
  const generation = useRef(0);

  useEffect(() => {
    // The callback page signs in itself; a parallel /me on the pre-sign-in session could answer
    // after sign-in and undo it.
    const onCallback = window.location.pathname === '/auth/callback';
    if (onCallback && new URLSearchParams(window.location.search).has('code')) return;
    const controller = new AbortController();
    const started = generation.current;
    api
      .get<MeResponse>('/auth/me', { signal: controller.signal })
      .then(({ user, role }) => {
        if (generation.current !== started) return;
        setState({ user, role, isAuthenticated: true, isLoading: false, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || generation.current !== started) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        setState({ ...SIGNED_OUT, error: signedOut ? null : AUTH_MESSAGES.startupFailed });
      });
    return () => controller.abort();
  }, []);

  const login = useCallback(async (returnTo?: string) => {
    setState((current) => ({ ...current, isLoading: true, error: null }));
    try {
      const { url } = await api.get<LoginUrlResponse>('/auth/github/login');
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
      setState((current) => ({ ...current, isLoading: false, error: message }));
    }
  }, []);

  const handleCallback = useCallback(async (code: string, oauthState: string) => {
    generation.current += 1;
    setState((current) => ({ ...current, isLoading: true, error: null }));
    try {
      const { user, role } = await api.post<MeResponse>('/auth/github', {
        code,
        state: oauthState,
        redirect_uri: `${window.location.origin}/auth/callback`,
      });
      setState({ user, role, isAuthenticated: true, isLoading: false, error: null });
      return true;
    } catch {
      setState({ ...SIGNED_OUT, error: AUTH_MESSAGES.callbackFailed });
      return false;
    }
  }, []);

  const logout = useCallback(async () => {
    generation.current += 1;
    try {
      await api.post('/auth/logout');
    } catch (error) {
      console.warn('auth: logout request failed; signing out locally', error);
    }
    disconnectSocket();
    setState(SIGNED_OUT);
  }, []);

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, handleCallback, logout, clearError }),
    [state, login, handleCallback, logout, clearError],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** Signs out and goes to /login, replacing the page in history (top bar, sidebar, profile). */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);
}

/** The auth state and actions; throws outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { buttonClass } from '@client/components/button';
import { Spinner } from '@client/components/spinner';
import { AUTH_MESSAGES, safeReturnPath, useAuth } from '@client/lib/auth';
import { useDocumentTitle } from '@client/lib/document-title';
import { CAROUSEL_SLIDES } from './carousel-slides';
import { LoginCarousel } from './login-carousel';
import { accountNames, useSignInProviders } from './use-sign-in-providers';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

const SIGN_IN_BUTTON = `${buttonClass('primary', 'lg')} w-full bg-slate-900 hover:bg-slate-800 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white`;

/**
 * The public sign-in page: welcome, one button per sign-in the server offers ('Sign in with GitHub',
 * 'Sign in with GitLab'…), error box, terms note and the carousel. With no sign-in configured it
 * says so at once, and GitHub's button stays disabled.
 */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const { isAuthenticated, isLoading, error, login, user } = useAuth();
  const providers = useSignInProviders();
  // Which button was pressed: it alone reads 'Signing in...'.
  const [pressed, setPressed] = useState<string | null>(null);
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const returnTo = safeReturnPath(
    from ? `${from.pathname ?? '/'}${from.search ?? ''}${from.hash ?? ''}` : '/',
  );

  if (isAuthenticated && user) return <Navigate to={returnTo} replace />;
  const nobodyCanSignIn = providers !== null && providers.length === 0;
  const shownError = error ?? (nobodyCanSignIn ? AUTH_MESSAGES.notConfigured : null);
  const buttons = providers === null || nobodyCanSignIn ? [{ id: 'github', name: 'GitHub' }] : providers;
  const names = accountNames(providers ?? []);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 dark:from-slate-900 dark:to-slate-950">
      <main className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-500">
              Tech Touchdown
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Welcome to Tech Touchdown</h1>
            <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
              Where software engineers who are sports fans get tech news, live scores and game-day trash talk
              in one place.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">Sign in to continue</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              This platform is for developers only: sign in with your {names} account.
            </p>
            {shownError ? (
              <div
                role="alert"
                className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
              >
                {shownError}
              </div>
            ) : null}
            <div className="mt-5 flex flex-col gap-3" aria-busy={providers === null}>
              {buttons.map((provider) => {
                const signingIn = isLoading && pressed === provider.id;
                return (
                  <button
                    key={provider.id}
                    type="button"
                    onClick={() => {
                      setPressed(provider.id);
                      void login(returnTo, provider.id);
                    }}
                    // Until the list answers, a press could start a sign-in the server does not offer.
                    disabled={isLoading || providers === null || nobodyCanSignIn}
                    className={SIGN_IN_BUTTON}
                  >
                    {signingIn ? (
                      <Spinner size="sm" />
                    ) : provider.id === 'github' ? (
                      <GitHubMark />
                    ) : (
                      <SignInMark />
                    )}
                    {signingIn ? 'Signing in...' : `Sign in with ${provider.name}`}
                  </button>
                );
              })}
            </div>
            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              By signing in you agree to our Terms of Service and Privacy Policy. We only read your public{' '}
              {names} profile.
            </p>
          </div>
        </div>
        <LoginCarousel slides={CAROUSEL_SLIDES} />
      </main>
    </div>
  );
}

/** A door with an arrow: any other provider (no third-party marks are shipped). */
function SignInMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="M10 17l5-5-5-5" />
      <path d="M15 12H3" />
    </svg>
  );
}

function GitHubMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-5 w-5" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CALLBACK_ERROR_REDIRECT_MS } from '@shared/limits';
import { Spinner } from '@client/components/spinner';
import { takeReturnPath, useAuth } from '@client/lib/auth';
import { useDocumentTitle } from '@client/lib/document-title';

/**
 * Where the provider (GitHub, GitLab…) sends the browser back. Runs once: an error parameter shows
 * 'Authentication Failed' and returns to /login after 3 s; a code is handed to the server; anything
 * else goes to /login.
 */
export function CallbackPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { handleCallback } = useAuth();
  const errorParam = params.get('error');
  const failure = errorParam ? params.get('error_description') || errorParam : null;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a code is single-use
    started.current = true;
    const error = params.get('error');
    const code = params.get('code');
    if (error) {
      window.setTimeout(() => navigate('/login', { replace: true }), CALLBACK_ERROR_REDIRECT_MS);
      return;
    }
    if (!code) {
      navigate('/login', { replace: true });
      return;
    }
    // `iss` names the provider that answered (RFC 9207); the server checks it when one is sent.
    void handleCallback(code, params.get('state') ?? '', params.get('iss') ?? undefined).then((signedIn) =>
      navigate(signedIn ? takeReturnPath() : '/login', { replace: true }),
    );
  }, [params, navigate, handleCallback]);

  if (failure) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div
          role="alert"
          className="max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm dark:border-red-900 dark:bg-slate-900"
        >
          <h1 className="text-xl font-semibold text-red-700 dark:text-red-400">Authentication Failed</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{failure}</p>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Redirecting to login page...</p>
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner label="Authenticating..." size="lg" />
    </main>
  );
}

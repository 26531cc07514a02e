import { Component, type ReactNode } from 'react';
import { useDocumentTitle } from '@client/lib/document-title';
import { buttonClass } from './button';

/** Shown when a page throws: the rest of the app stays usable. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  const message = error instanceof Error && error.message ? error.message : 'An error occurred';
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-400">{message}</p>
      <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
        Reload page
      </button>
    </div>
  );
}

/**
 * One route's error boundary: an error thrown while rendering what it wraps (or loading its code)
 * shows RouteErrorPage in its place. Give it a `key` that changes with the page, so going elsewhere
 * clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('An error occurred') };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

import { Component, type ReactNode } from 'react';
import { buttonClass } from '@client/components/button';

/** What the view shows while its code or the league's standings are on the way. */
export function StandingsSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading standings...</span>
      {['w-1/4', 'w-full', 'w-full', 'w-11/12', 'w-full'].map((width, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={`h-5 ${width} animate-pulse rounded bg-slate-200 dark:bg-slate-800`}
        />
      ))}
    </div>
  );
}

/** A failed load of the standings, with a way to try again. */
export function StandingsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-red-900/60 dark:bg-red-950/40"
    >
      <div>
        <p className="font-semibold text-red-800 dark:text-red-200">Error loading standings</p>
        <p className="mt-1 text-sm text-red-700 dark:text-red-300">{message}</p>
      </div>
      <button type="button" onClick={onRetry} className={buttonClass('danger', 'sm')}>
        Try again
      </button>
    </div>
  );
}

/** The view's code failed to load (a dropped request): the error and a retry, the page stays. */
export class StandingsBoundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StandingsError
        message="The standings could not be loaded."
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}

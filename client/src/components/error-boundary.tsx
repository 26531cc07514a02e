import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '@client/lib/document-title';
import { buttonClass } from './button';

/** Shown by the router when a page throws: the rest of the app stays usable. */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An error occurred';
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

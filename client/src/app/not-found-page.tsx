import { useDocumentTitle } from '@client/lib/document-title';

/** What an unknown address inside the app shows: the page's title alone, in the app's frame. */
export function NotFoundPage({ title = 'Page not found' }: { title?: string }) {
  useDocumentTitle(title);
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>;
}

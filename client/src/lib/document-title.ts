import { useLayoutEffect, useState } from 'react';

export const APP_NAME = 'Tech Touchdown';

/** What the tab reads for a page: "Sports · Tech Touchdown", or the app's name alone. */
export function documentTitle(page?: string | null): string {
  return page ? `${page} · ${APP_NAME}` : APP_NAME;
}

// Every mounted caller, by the order in which it first rendered. React renders a parent before its
// children and a later page after an earlier one, so the latest claim is the innermost, newest one:
// a dialog over its page, the page over the layout. When it unmounts the next one shows again.
const claims = new Map<number, string>();
let renders = 0;

function applyLatest() {
  let latest = -1;
  for (const order of claims.keys()) latest = Math.max(latest, order);
  document.title = latest < 0 ? APP_NAME : (claims.get(latest) ?? APP_NAME);
}

/**
 * Sets the document title (the tab, the history list, bookmarks) while the calling page or dialog is
 * mounted: `useDocumentTitle('Sports')` gives "Sports · Tech Touchdown".
 */
export function useDocumentTitle(page?: string | null): void {
  const [order] = useState(() => ++renders);
  const title = documentTitle(page);
  useLayoutEffect(() => {
    claims.set(order, title);
    applyLatest();
    return () => {
      claims.delete(order);
      applyLatest();
    };
  }, [order, title]);
}

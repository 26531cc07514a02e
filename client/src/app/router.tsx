import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from '@client/components/error-boundary';
import { Spinner } from '@client/components/spinner';
import { prefetchKeptHeadlines } from '@client/lib/kept-headlines-request';
import { loadOrReload } from '@client/lib/stale-build';
import { NotFoundPage } from './not-found-page';

/**
 * A page whose code loads when it is first shown; `preload` starts that early. A tab opened before a
 * deploy finds that code gone: the page reloads once onto the new build, at the same URL.
 */
function lazyPage<M>(importPage: () => Promise<M>, pick: (module: M) => ComponentType) {
  const load = loadOrReload(importPage);
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return Object.assign(Page, { preload: load });
}

// The public pages are lazy too, so the signed-in visit does not carry them; index.html starts their
// download beside the entry's when the visit opens on them (vite.config.ts, routePreloads).
const LoginPage = lazyPage(
  () => import('@client/features/auth/login-page'),
  (module) => module.LoginPage,
);
const CallbackPage = lazyPage(
  () => import('@client/features/auth/callback-page'),
  (module) => module.CallbackPage,
);

const ProtectedLayout = lazyPage(
  () => import('./protected-layout'),
  (module) => module.ProtectedLayout,
);

const PAGE_SPINNER = <Spinner centered label="Loading..." size="lg" />;

/** The signed-in pages by path; anything else is the not-found page. */
const PAGES = {
  '/': lazyPage(
    () => import('./home-page'),
    (module) => module.HomePage,
  ),
  '/sports': lazyPage(
    () => import('./sports-route'),
    (module) => module.SportsRoute,
  ),
  '/fantasy': lazyPage(
    () => import('@client/features/fantasy'),
    (module) => module.FantasyPage,
  ),
  // Leagues with friends: the list, an invite link, a league (its own routes inside).
  '/fantasy/leagues/*': lazyPage(
    () => import('./leagues-route'),
    (module) => module.LeaguesRoute,
  ),
  // Full screen: a modal <dialog> over the layout, so the route stays protected.
  '/slideshow': lazyPage(
    () => import('@client/features/slideshow'),
    (module) => module.SlideshowPage,
  ),
  '/profile': lazyPage(
    () => import('@client/features/profile'),
    (module) => module.ProfilePage,
  ),
};

/**
 * The signed-in frame, loaded on demand so /login ships only what it needs. The page's code starts
 * loading beside the frame's (not after it), and a spinner shows meanwhile, so a deep link never
 * paints a blank screen.
 */
function SignedInFrame() {
  // Only the page the visit starts on: the others load as they are opened.
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  useEffect(() => {
    const path = firstPath.replace(/(.)\/$/, '$1');
    const page = PAGES[path as keyof typeof PAGES];
    // A failure here shows when the page itself loads, in its error boundary.
    page?.preload().catch(() => {});
    // The dashboard's news panels paint the server's kept headlines when the browser has none.
    if (path === '/') prefetchKeptHeadlines();
  }, [firstPath]);
  return (
    <Suspense fallback={PAGE_SPINNER}>
      <ProtectedLayout />
    </Suspense>
  );
}

/**
 * The app's route table (docs/product.md, Routes). Declarative routes: the app loads no data through
 * the router, and the data router would add about 18 KB (gzip) to every page, /login included. Each
 * route has its own error boundary (the signed-in pages', inside the frame, is in ProtectedLayout).
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/login"
          element={
            <RouteErrorBoundary key="login">
              <Suspense fallback={PAGE_SPINNER}>
                <LoginPage />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
        <Route
          path="/auth/callback"
          element={
            <RouteErrorBoundary key="callback">
              <Suspense fallback={PAGE_SPINNER}>
                <CallbackPage />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
        <Route
          path="/"
          element={
            <RouteErrorBoundary key="signed-in">
              <SignedInFrame />
            </RouteErrorBoundary>
          }
        >
          {Object.entries(PAGES).map(([path, Page]) =>
            path === '/' ? (
              <Route key={path} index element={<Page />} />
            ) : (
              <Route key={path} path={path.slice(1)} element={<Page />} />
            ),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

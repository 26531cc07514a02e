import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SIDEBAR_BREAKPOINT_PX } from '@shared/limits';
import { RouteErrorBoundary } from '@client/components/error-boundary';
import { Spinner } from '@client/components/spinner';
import { useAuth } from '@client/lib/auth';
import { markPagePainted } from '@client/lib/after-paint';
import { connectAfterPaint } from '@client/lib/socket-connection';
import { useMediaQuery } from '@client/lib/use-media-query';
import { PagePaintMark } from './after-first-paint';
import { Sidebar } from './sidebar';
import { TooManyTabsBanner } from './too-many-tabs-banner';
import { TopBar } from './top-bar';

const WIDE_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

/**
 * The signed-in frame: a sidebar (an overlay below 1024 px, fixed beside the page above), the top bar
 * and the page. Visitors without a session go to /login, which brings them back here after sign-in.
 */
export function ProtectedLayout() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();
  const isWide = useMediaQuery(WIDE_QUERY);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  // Only the dashboard's first paint waits for nothing else: it is what a fan opening the app looks
  // at, and it needs no socket. The other pages (the Sports page, a game room) live on the socket and
  // the score feed, so there those start as soon as the frame has painted.
  const [firstPath] = useState(location.pathname);
  useEffect(() => {
    if (firstPath !== '/') markPagePainted();
  }, [firstPath]);

  // One socket per signed-in tab: it carries scores, chat and voice, and closes on sign-out. The
  // Socket.IO client loads and connects once the page has painted, not before.
  useEffect(() => {
    if (!isAuthenticated) return;
    return connectAfterPaint();
  }, [isAuthenticated]);

  // Narrow screens: the overlay closes after a navigation.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    if (overlayOpen) setOverlayOpen(false);
  }

  if (isLoading) return <Spinner centered label="Loading..." size="lg" />;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from: location }} />;

  const sidebarVisible = isWide ? !collapsed : overlayOpen;
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        inert={!isWide && overlayOpen}
        className="sr-only z-50 rounded-lg bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar open={sidebarVisible} overlay={!isWide} onClose={() => setOverlayOpen(false)} />
      {/* While the overlay is open the rest is inert, so Tab stays in the menu as in a modal dialog. */}
      <div
        inert={!isWide && overlayOpen}
        className={`flex min-h-screen flex-col transition-[padding] duration-300 ${isWide && !collapsed ? 'lg:pl-64' : ''}`}
      >
        <TopBar
          sidebarOpen={sidebarVisible}
          onToggleSidebar={() =>
            isWide ? setCollapsed((value) => !value) : setOverlayOpen((value) => !value)
          }
          isWide={isWide}
        />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <TooManyTabsBanner />
          {/* A page that throws shows the error here, in the frame; another page clears it. */}
          <RouteErrorBoundary key={location.pathname}>
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner label="Loading..." />
                </div>
              }
            >
              <Outlet />
              <PagePaintMark />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}

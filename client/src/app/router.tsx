import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from '@client/components/error-boundary';
import { Spinner } from '@client/components/spinner';
import { CallbackPage, LoginPage } from '@client/features/auth';
import { NotFoundPage } from './not-found-page';

/**
 * The app's route table (docs/product.md, Routes). The signed-in frame (sidebar, top bar, podcast) and its pages
 * are loaded on demand, so /login ships only what it needs. Each route has its own error boundary.
 */
export const router = createBrowserRouter([
  { path: '/login', Component: LoginPage, errorElement: <RouteErrorPage /> },
  { path: '/auth/callback', Component: CallbackPage, errorElement: <RouteErrorPage /> },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./protected-layout')).ProtectedLayout }),
    // Shown while the frame's and the first page's code load, so a deep link never paints a blank screen.
    HydrateFallback: () => <Spinner centered label="Loading..." size="lg" />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./home-page')).HomePage }) },
          { path: 'sports', lazy: async () => ({ Component: (await import('./sports-route')).SportsRoute }) },
          {
            path: 'fantasy',
            lazy: async () => ({ Component: (await import('@client/features/fantasy')).FantasyPage }),
          },
          {
            // Full screen: a modal <dialog> over the layout, so the route stays protected.
            path: 'slideshow',
            lazy: async () => ({ Component: (await import('@client/features/slideshow')).SlideshowPage }),
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('@client/features/profile')).ProfilePage }),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);

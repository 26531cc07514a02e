import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '@client/lib/auth';
import { appStore } from '@client/lib/store';
import { ThemeProvider } from '@client/lib/theme';
import { router } from './router';

/** Providers around the router: one jotai store, the theme, the signed-in user. */
export function App() {
  return (
    <JotaiProvider store={appStore}>
      <ThemeProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemeProvider>
    </JotaiProvider>
  );
}

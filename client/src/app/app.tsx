import { Provider as JotaiProvider, appStore } from '@client/lib/store';
import { useEffect } from 'react';
import { authStateAtom } from '@client/lib/auth';
import { themeAtom } from '@client/lib/theme';
import { AppRoutes } from './router';

/** The router inside the app's one jotai store. */
export function App() {
  // The document's theme (following other tabs) and the start-up session check belong to the whole
  // app, not to whichever page reads them, so both atoms stay mounted for as long as the app is.
  useEffect(() => {
    const unsubscribeTheme = appStore.sub(themeAtom, () => {});
    const unsubscribeAuth = appStore.sub(authStateAtom, () => {});
    return () => {
      unsubscribeTheme();
      unsubscribeAuth();
    };
  }, []);

  return (
    <JotaiProvider store={appStore}>
      <AppRoutes />
    </JotaiProvider>
  );
}

// First: zod must know before any schema parses that the CSP allows no eval.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { reloadForNewBuild } from './lib/stale-build';
import './index.css';

// Code loaded on demand that cannot load (after a deploy: a dialog, a page's parts) reloads the page
// once onto the new build; the pages themselves wait for that reload (app/router.tsx).
window.addEventListener('vite:preloadError', () => {
  void reloadForNewBuild();
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element not found');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Only in builds: in `npm run dev` the service worker would cache what hot reload is replacing.
if (import.meta.env.PROD && 'serviceWorker' in navigator) registerServiceWorker();

/**
 * Installable app: the service worker (client/public/sw.js) keeps the shell available offline.
 * Registered once the page has loaded, so it never competes with the page's own requests.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  window.addEventListener('load', () => {
    container.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker not registered:', error);
    });
    // The worker takes over open pages when it activates (clients.claim()), but the browser skips a
    // page whose navigation began before the worker was active and ended after that claim (a sign-in
    // redirect while the worker installs): that page would stay uncontrolled until reloaded.
    void container.ready.then((registration) => {
      if (!container.controller) registration.active?.postMessage({ type: 'claim' });
    });
  });
}

/**
 * Registers the service worker (public/sw.js: the built files kept for the next visit, the
 * pages seen shown again when the network is down; docs/performance.md, "Visitas
 * repetidas"). Called once the app has hydrated, itself after the first paint, and waits for
 * the page's `load`: the worker never competes with what the page needs. Production builds
 * only (the development server has no /sw.js); any failure is ignored, the site works the
 * same without a worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const workers = navigator.serviceWorker;
  // Not served by a worker (the first visit): the worker copies this page and the files it
  // loaded from the browser's HTTP cache, so that they too are there offline.
  const unseen = workers.controller === null;
  const register = () => {
    workers
      .register("/sw.js")
      .then(() => (unseen ? workers.ready : null))
      .then((registration) =>
        registration?.active?.postMessage({
          type: "seen",
          page: location.href,
          files: performance.getEntriesByType("resource").map((entry) => entry.name),
        }),
      )
      .catch(() => {});
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

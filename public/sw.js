/*
 * Tiangue's service worker (issue 27; docs/performance.md, "Visitas repetidas"): a shopper's
 * second visit on mobile data downloads no code, and the pages they saw still show without a
 * network. Hand-written, no library. Registered after the page has loaded by
 * app/lib/service-worker.ts (production builds only); served at /sw.js with
 * `Cache-Control: no-cache` and a policy that lets it fetch from its own origin.
 *
 * - /assets/…: Vite's built files (JavaScript, CSS, fonts), named by their content hash, so a
 *   file never changes: from the worker's cache, else from the network and then kept. A
 *   deploy's files have new names; when its worker activates, the files of older builds are
 *   dropped (BUILD_ASSETS), except those a kept page still loads.
 * - Pages (navigations): always from the network while it answers (HTML is never served
 *   stale), and the page is kept. When the network is down: the last seen copy of that page
 *   with the notice 'Sin conexión: mostrando lo último que viste', or an offline page listing
 *   the pages kept. Never kept: the cart, checkout, favourites, orders, admin and merchant
 *   portal (the server's PERSONAL_PATHS, server/cache/page-cache.ts) and anything under /api/.
 * - Everything else (the API, pictures, React Router's data requests) is left to the browser.
 * - Issue 35: a merchant's Web Push (`push`, JSON {title, body, tag, url}) is shown as a
 *   notification; tapping it brings an open portal window to `url`, or opens one.
 *
 * The rules are plain functions (routeOf, isKeptPage) tested by scripts/service-worker.test.ts.
 */

/** The build's /assets/ files, written in by scripts/build.mjs; null (not built): drop none. */
const BUILD_ASSETS = null;

const ASSET_CACHE = "tiangue-assets";
const PAGE_CACHE = "tiangue-pages";
/** Pages kept at most; the least recently seen go first. */
const MAX_PAGES = 40;
/** Pages listed by the offline page. */
const LISTED_PAGES = 12;
/** Never kept: a shopper's own pages and the staff's (as PERSONAL_PATHS on the server). */
const PERSONAL_PATHS = ["/admin", "/cart", "/checkout", "/favorites", "/orders", "/merchant"];
const OFFLINE_NOTICE = "Sin conexión: mostrando lo último que viste";
/** A kept page's <title>, stored beside it for the offline page's list (URI-encoded). */
const TITLE_HEADER = "x-tiangue-title";
/** The notifications' picture: the app's own icon, from this origin. */
const NOTICE_ICON = "/icons/icon-192.png";
/** Where a notice without its own link leads. */
const NOTICE_FALLBACK_URL = "/merchant?tab=pedidos";

/** Whether a page at `path` may be kept: not personal (`/merchants` is public), not the API. */
function isKeptPage(rawPath) {
  // Routing ignores letter case and decodes escapes: /ORDERS/… and /%6Frders/… are order
  // pages too (issue 37, L6), as the server's isPersonalPath says.
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: compared as it came.
  }
  path = path.toLowerCase();
  if (path === "/api" || path.startsWith("/api/")) return false;
  return !PERSONAL_PATHS.some(
    (prefix) => path === prefix || path.startsWith(prefix + "/") || path.startsWith(prefix + "."),
  );
}

/**
 * What the worker does with a request ({ url, method, mode }) of a page of `origin`:
 * "asset" (from the cache first, kept), "page" (from the network first, kept for when it is
 * down), "network" (a navigation answered from the network only, never kept) or null (not
 * handled: the browser fetches it as if there were no worker).
 */
function routeOf(request, origin) {
  if (request.method !== "GET") return null;
  let url;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (request.mode === "navigate") return isKeptPage(url.pathname) ? "page" : "network";
  if (url.pathname.startsWith("/assets/")) return "asset";
  return null;
}

/** A whole, plain answer from our own origin (not an error, a redirect or a part). */
function isComplete(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

function isHtml(response) {
  return (response.headers.get("content-type") || "").startsWith("text/html");
}

/** Pages are kept by URL without the fragment. */
function pageKey(url) {
  const key = new URL(url);
  key.hash = "";
  return key.href;
}

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
}

/** The headers of a body we rewrite: its length and encoding are the new body's. */
function rewrittenHeaders(headers) {
  const copy = new Headers(headers);
  copy.delete("content-length");
  copy.delete("content-encoding");
  return copy;
}

self.addEventListener("install", () => {
  // A new deploy's worker takes over at once: it only adds files and keeps pages.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      // The page's request starts while the worker itself starts (it answers every navigation).
      self.registration.navigationPreload?.enable(),
      dropOldCaches().then(dropOldAssets),
    ]),
  );
});

self.addEventListener("fetch", (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === "asset") event.respondWith(asset(event));
  else if (route) event.respondWith(navigation(event, route === "page"));
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "seen") event.waitUntil(keepSeen(event.data));
});

self.addEventListener("push", (event) => {
  event.waitUntil(showNotice(event.data));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openNotice(event.notification.data?.url));
});

/** The push's JSON payload as a notification; one whose payload is unreadable still says so. */
function noticeOf(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = {};
  }
  const text = (value) => (typeof value === "string" ? value : "");
  return {
    title: text(payload.title) || "Tiangue",
    body: text(payload.body) || "Tienes un aviso nuevo en tu portal.",
    tag: text(payload.tag) || undefined,
    url: sameOriginPath(payload.url),
  };
}

/** Only a link to this site: a notice never opens another one. */
function sameOriginPath(url) {
  if (typeof url !== "string" || url === "") return NOTICE_FALLBACK_URL;
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin
      ? target.pathname + target.search + target.hash
      : NOTICE_FALLBACK_URL;
  } catch {
    return NOTICE_FALLBACK_URL;
  }
}

function showNotice(data) {
  const { title, body, tag, url } = noticeOf(data);
  // The same tag replaces an older notice of that order; renotify still alerts the merchant.
  return self.registration.showNotification(title, {
    body,
    icon: NOTICE_ICON,
    badge: NOTICE_ICON,
    data: { url },
    ...(tag ? { tag, renotify: true } : {}),
  });
}

/** A window of the portal already open is brought forward and sent to `url`; else a new one. */
async function openNotice(rawUrl) {
  const url = new URL(sameOriginPath(rawUrl), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const portal = windows.find((client) => {
    const path = new URL(client.url).pathname;
    return path === "/merchant" || path.startsWith("/merchant/");
  });
  if (portal) {
    try {
      const focused = (await portal.focus()) || portal;
      await focused.navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: open the order anew.
    }
  }
  await self.clients.openWindow(url);
}

/** Cache first: a built file never changes. */
async function asset(event) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isComplete(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/** Network first, always; the last seen copy (or the offline page) only when it is down. */
async function navigation(event, keep) {
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return offline(event.request.url, keep);
  }
  if (keep && isComplete(response) && isHtml(response)) {
    event.waitUntil(keepPage(event.request.url, response.clone()));
  }
  return response;
}

/** Keeps a page (with its title, for the offline page); the oldest go past MAX_PAGES. */
async function keepPage(url, response) {
  const html = await response.text();
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? "";
  const headers = rewrittenHeaders(response.headers);
  headers.set(TITLE_HEADER, encodeURIComponent(title));
  const cache = await caches.open(PAGE_CACHE);
  // A put replaces the entry and appends it: keys() runs from the least recently seen.
  await cache.put(pageKey(url), new Response(html, { status: 200, headers }));
  const keys = await cache.keys();
  const extra = Math.max(0, keys.length - MAX_PAGES);
  await Promise.all(keys.slice(0, extra).map((key) => cache.delete(key)));
}

async function offline(url, keep) {
  const cache = await caches.open(PAGE_CACHE);
  const kept = keep ? await cache.match(pageKey(url), { ignoreVary: true }) : undefined;
  return kept ? withNotice(kept) : offlinePage(cache);
}

/**
 * A kept page with the offline notice as the first element of <body>. React skips an element
 * of a type it did not render there when it hydrates the page, so the notice stays.
 */
async function withNotice(response) {
  const html = await response.text();
  const notice =
    '<tiangue-offline role="status" style="display:block;padding:.625rem 1rem;' +
    "background:#1d306b;color:#fff;font:600 .9375rem/1.4 system-ui,sans-serif;" +
    `text-align:center">${OFFLINE_NOTICE}</tiangue-offline>`;
  const body = /<body\b[^>]*>/i.exec(html);
  const at = body ? body.index + body[0].length : 0;
  const headers = rewrittenHeaders(response.headers);
  headers.delete(TITLE_HEADER);
  headers.set("cache-control", "no-store");
  return new Response(html.slice(0, at) + notice + html.slice(at), { status: 200, headers });
}

/** The page for a page never seen: what is kept, with no script and nothing to load. */
async function offlinePage(cache) {
  const keys = (await cache.keys()).reverse().slice(0, LISTED_PAGES);
  const items = await Promise.all(
    keys.map(async (request) => {
      const kept = await cache.match(request, { ignoreVary: true });
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      // The title as the page wrote it: HTML text already, with no "<" (keepPage).
      const title = decodeURIComponent(kept?.headers.get(TITLE_HEADER) || "") || escapeHtml(path);
      return `<li><a href="${escapeHtml(path)}">${title}</a></li>`;
    }),
  );
  const list = items.length
    ? `<p>Puedes ver sin conexión lo último que viste:</p><ul>${items.join("")}</ul>`
    : "";
  const html =
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Sin conexión · Tiangue</title><style>" +
    "body{margin:0;font:1rem/1.5 system-ui,sans-serif;background:#fafaf9;color:#1c1917}" +
    "main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{color:#1d3aab;font-size:1.5rem}" +
    "a{color:#1d3aab}li{margin:.5rem 0}</style></head><body><main>" +
    "<h1>Sin conexión</h1><p>Esta página no está guardada en este teléfono. " +
    "Vuelve a intentarlo cuando tengas señal.</p>" +
    `${list}<p><a href="/">Ir al inicio</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}

/**
 * The page the worker did not serve (the first visit, before it ran) and the files it loaded:
 * copied from the browser's HTTP cache, never downloaded again (`only-if-cached`).
 */
async function keepSeen({ page, files }) {
  const origin = self.location.origin;
  const fromHttpCache = (url) =>
    fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => undefined);
  const assets = await caches.open(ASSET_CACHE);
  for (const url of Array.isArray(files) ? files : []) {
    if (routeOf({ url, method: "GET", mode: "no-cors" }, origin) !== "asset") continue;
    if (await assets.match(url, { ignoreVary: true })) continue;
    const response = await fromHttpCache(url);
    if (response && isComplete(response)) await assets.put(url, response);
  }
  if (routeOf({ url: page, method: "GET", mode: "navigate" }, origin) !== "page") return;
  const key = pageKey(page);
  const pages = await caches.open(PAGE_CACHE);
  if (await pages.match(key, { ignoreVary: true })) return;
  const response = await fromHttpCache(key);
  if (response && isComplete(response) && isHtml(response)) await keepPage(key, response);
}

/** Caches of an earlier worker under other names. */
async function dropOldCaches() {
  const ours = [ASSET_CACHE, PAGE_CACHE];
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !ours.includes(name)).map((name) => caches.delete(name)),
  );
}

/** Files of older builds: neither in this build nor loaded by a kept page. */
async function dropOldAssets() {
  if (!Array.isArray(BUILD_ASSETS)) return;
  const wanted = new Set(BUILD_ASSETS);
  const pages = await caches.open(PAGE_CACHE);
  for (const key of await pages.keys()) {
    const html = (await (await pages.match(key))?.text()) ?? "";
    for (const [path] of html.matchAll(/\/assets\/[\w.-]+/g)) wanted.add(path);
  }
  const assets = await caches.open(ASSET_CACHE);
  const old = (await assets.keys()).filter((key) => !wanted.has(new URL(key.url).pathname));
  await Promise.all(old.map((key) => assets.delete(key)));
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { isConnectionError } from "../../db/client";
import { projectRoot } from "../project-root";
import { isPersonalPath, pageKey, type CachedPage } from "../cache/index";
import { pageCacheUrl } from "./page-key";
import { AppError, errorBody } from "../errors";
import { CACHEABLE_READS as categoryReads } from "../modules/categories/categories.service";
import { CACHEABLE_READS as checkoutReads } from "../modules/checkout/checkout.service";
import { CACHEABLE_READS as merchantReads } from "../modules/merchants/merchants.service";
import { CACHEABLE_READS as productReads } from "../modules/products/products.service";
import { CACHEABLE_READS as reviewReads } from "../modules/reviews/reviews.service";
import { CACHEABLE_READS as searchReads } from "../modules/search/search.service";
import type { Config } from "../env";
import type { Services } from "../services";
import { addVary, etagOf, matchesEtag, sendsMemoized, type CompressionMemo } from "./compression";
import { clientAddressKey, PUBLIC_WRITE_LIMIT } from "./rate-limit";
import { declareScopeAccess } from "./route-access";
import { newScriptMarker, ownInlineScripts, pagePolicy } from "./security-headers";
import { CART_SESSION_COOKIE } from "../../shared/cart-session-id";
import { MUNICIPALITY_COOKIE, rememberedZone } from "../../shared/delivery";
import { zoneLabel } from "../../shared/places";
import { FAVORITES_COOKIE } from "../../shared/favorites-cookie";

/**
 * Serves the React Router app (SSR pages, their data requests and the built assets)
 * after the API. A small adapter of our own instead of a framework plugin: it keeps the
 * conversion between Fastify and the Fetch API in one readable place, and lets us own
 * caching headers: pages carry an ETag (304 when unchanged), public ones are kept
 * rendered until the catalogue changes, in the app's own page cache
 * (`app.services.cache.pages`, docs/decisions/0003-public-read-cache.md).
 */

/** Public HTML: caches may keep it but must ask again, so a change shows at once. */
const PUBLIC_PAGE = "public, max-age=0, must-revalidate";
const PRIVATE_PAGE = "no-store";

/**
 * Service methods whose answers come from the public-read cache, the only ones a kept
 * page may depend on: a page whose loader calls anything else is rendered every time.
 * Each service declares its own (CACHEABLE_READS beside its methods); the compiler checks
 * the names against the service, and the features against `Services`.
 */
const CACHED_READS = {
  categories: categoryReads,
  checkout: checkoutReads,
  merchants: merchantReads,
  products: productReads,
  reviews: reviewReads,
  search: searchReads,
} satisfies { [F in keyof Services]?: readonly (keyof Services[F])[] };

const cachedReads = new Map<string, ReadonlySet<string>>(
  Object.entries(CACHED_READS).map(([feature, methods]) => [feature, new Set<string>(methods)]),
);

let productionBuild: Promise<ServerBuild> | undefined;

/**
 * The built React Router app, imported once. The boot calls it before opening the
 * database so that the two overlap (a start with a build present must answer quickly).
 */
export function loadProductionBuild(): Promise<ServerBuild> {
  productionBuild ??= (async () => {
    const serverBuild = join(projectRoot(), "build", "server", "index.js");
    if (!existsSync(serverBuild)) {
      throw new Error("No se encontró la compilación de la aplicación: ejecuta `npm run build`.");
    }
    return (await import(serverBuild)) as ServerBuild;
  })();
  return productionBuild;
}

export async function mountWebApp(
  app: FastifyInstance,
  options: {
    /** The built app (dist/server.js) or, false, Vite on the sources (development only). */
    production: boolean;
  },
) {
  const root = projectRoot();
  let handle: RequestHandler;

  if (options.production) {
    const build = await loadProductionBuild();
    // The build itself, not a function returning it: given a function, React Router derives
    // its route tables again on every request (flattening and ranking every route), for a
    // development server whose code may have changed (issue 13).
    handle = createRequestHandler(build, "production");
    // The built files are public; @fastify/static's routes take no options of ours.
    await app.register(async (scope) => {
      declareScopeAccess(scope, "public");
      await scope.register(fastifyStatic, {
        root: join(root, "build", "client"),
        wildcard: false,
        decorateReply: false,
        // The .br and .gz twins written by scripts/precompress.ts, when the build made them.
        preCompressed: true,
        // Found beside their file when sent, so they need no route of their own: one route
        // per built file, not three, saves a start much of its router building (issue 15.4).
        globIgnore: ["**/*.br", "**/*.gz"],
        // Ours below: `send`'s own header ("public, max-age=0") would replace it.
        cacheControl: false,
        setHeaders(res, path) {
          // Vite names built assets by content hash, so they never change.
          const immutable = path.includes(`${join("build", "client", "assets")}`);
          // The service worker (public/sw.js, or its .br/.gz twin): asked again at every check.
          const worker =
            path.replace(/\.(?:br|gz)$/, "") === join(root, "build", "client", "sw.js");
          res.setHeader(
            "cache-control",
            immutable
              ? "public, max-age=31536000, immutable"
              : worker
                ? "no-cache"
                : "public, max-age=86400",
          );
          res.setHeader("vary", "Accept-Encoding");
        },
      });
    });
  } else {
    // Development only (`npm run dev`, server/dev.ts): Vite serves the sources. Its file
    // rules (`server.fs`: strict, DATA_DIR and secrets denied) are in vite.config.ts; its
    // HMR socket shares this server, so nothing listens beyond HOST (127.0.0.1 in dev).
    const { createServer } = await import("vite");
    const middie = (await import("@fastify/middie")).default;
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    const loadBuild = () =>
      vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    handle = createRequestHandler(loadBuild, "development");
  }

  // Development re-renders every time: the code itself changes.
  mountPages(app, handle, { keepPages: options.production });
}

type RequestHeaders = { cookie?: string; authorization?: string };

/**
 * Cookies a shared page may be served under: the remembered municipality (part of the key),
 * and the browser's mirrors of its cart id and favourites, which only personal pages read
 * (/cart, /checkout and /favorites: never kept, issue 27). Without the mirrors here, every
 * page a shopper with a cart or a favourite opens would be rendered for them alone.
 */
const COOKIES_SHARED_PAGES_IGNORE_OR_KEY = new Set([
  MUNICIPALITY_COOKIE,
  CART_SESSION_COOKIE,
  FAVORITES_COOKIE,
]);

/** Whether every cookie of a Cookie header is one of COOKIES_SHARED_PAGES_IGNORE_OR_KEY. */
function onlySharedPageCookies(header: string): boolean {
  for (const part of header.split(";")) {
    const cookie = part.trim();
    if (cookie === "") continue;
    const equals = cookie.indexOf("=");
    const name = equals < 0 ? cookie : cookie.slice(0, equals);
    if (!COOKIES_SHARED_PAGES_IGNORE_OR_KEY.has(name)) return false;
  }
  return true;
}

/**
 * The key under which a page request may share a kept page (page-cache.ts, pageKey), or
 * null when it is rendered for that request alone. A page shows nothing of its request
 * but its URL and, on the listings, the shopper's remembered municipality (issue 12), read
 * from the Cookie header by rememberedZone as the loaders read it: so a request
 * with no cookie shares the URL's page, and one whose only cookie is the municipality's
 * shares the page of the URL and that municipality (issue 27) — one of 44 names, or none
 * when the value is not one of them (the page then shows every municipality, as without
 * the cookie). The mirrors of the cart id and the favourites change nothing on a public
 * page. Any other cookie (a session, one we do not know) or an Authorization header may
 * change what a page shows: such a request is rendered for itself.
 */
export function sharedPageKeyOf(url: string, headers: RequestHeaders): string | null {
  return isPersonalPath(url) ? null : keyOfPublicPath(url, headers);
}

/** sharedPageKeyOf for a URL known not to be a personal path. */
function keyOfPublicPath(url: string, headers: RequestHeaders): string | null {
  if (headers.authorization) return null;
  const cookie = headers.cookie;
  if (cookie && !onlySharedPageCookies(cookie)) return null;
  // Issue 36: only the parameters the page reads, normalised (page-key.ts).
  const kept = pageCacheUrl(url);
  const remembered = cookie ? rememberedZone(cookie) : undefined;
  return cookie
    ? pageKey(kept, remembered === undefined ? undefined : zoneLabel(remembered))
    : kept;
}

/**
 * The catch-all route that renders pages with React Router's `handle`. With `keepPages`,
 * pages are kept in the app's page cache (none with CATALOGUE_CACHE=off): anonymous ones by
 * URL, a remembered municipality's by URL and municipality (sharedPageKeyOf).
 */
export function mountPages(
  app: FastifyInstance,
  handle: RequestHandler,
  options: { keepPages: boolean },
) {
  const pages = options.keepPages ? app.services.cache.pages : null;
  // Given as `nonce` to whatever writes an inline script in a render (app/entry.server.tsx):
  // only scripts carrying it are allowed by the page's policy, and it is cut out of the page
  // before the page is kept or sent (ownInlineScripts), so no browser ever sees it.
  const scriptMarker = newScriptMarker();

  /** Renders one request; `shareable` says whether the page may be served to anyone else. */
  async function render(request: FastifyRequest, reply: FastifyReply) {
    const reads = { onlyCached: true };
    const response = await handle(toWebRequest(request, reply), {
      services: trackReads(app.services, reads),
      config: app.config,
      clientAddress: clientAddressKey(request),
      currentUser: () => {
        reads.onlyCached = false;
        return request.currentUser().catch(errorAsResponse);
      },
      scriptMarker,
    });
    const page = await readPage(response, scriptMarker, app.config);
    const shareable =
      reads.onlyCached &&
      page.status === 200 &&
      !page.headers.some(([name]) => name === "set-cookie");
    return { page, shareable };
  }

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    // Pages are HTML for people, not part of the API's document (server/http/openapi.ts).
    config: { access: "public" },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply.status(404).send(errorBody("not_found", "Ruta no encontrada"));
      }
      // A shopper's remembered municipality filters the listings (issue 12): such a page is
      // that shopper's for every cache but ours, which keys it by the municipality.
      const personalPath = isPersonalPath(request.url);
      const personal =
        personalPath || (request.headers.cookie ?? "").includes(`${MUNICIPALITY_COOKIE}=`);
      const key = pages && !personalPath ? keyOfPublicPath(request.url, request.headers) : null;
      const kept = pages && key !== null ? pages.get(key) : undefined;
      if (kept) return sendPage(request, reply, kept, personal);
      // React Router answers HEAD without a body: such a render is never shared or kept.
      if (!pages || key === null || request.method === "HEAD") {
        return sendPage(request, reply, (await render(request, reply)).page, personal);
      }

      let own: CachedPage | undefined;
      const shared = await pages.renderShared(key, async () => {
        const rendered = await render(request, reply);
        own = rendered.page;
        return rendered.shareable ? rendered.page : null;
      });
      const page = own ?? shared ?? (await render(request, reply)).page;
      return sendPage(request, reply, page, personal);
    },
  });

  // Issue 36: 'Agregar al carrito' without JavaScript posts its form to the cart page, whose
  // action adds the line and redirects to /cart (a personal page: never kept). The only page
  // that takes a POST; the same-origin check refuses one from another site.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: "POST",
      url: "/cart",
      config: { access: "public", ...PUBLIC_WRITE_LIMIT },
      schema: { hide: true },
      handler: async (request, reply) =>
        sendPage(request, reply, (await render(request, reply)).page, true),
    });
  });
}

/**
 * A service's AppError (404, 403, 400…) or a lost database connection (503, with Retry-After
 * from sendPage), thrown as the Response React Router renders with the route's error
 * boundary and that status, its body `{ message, code }` as the API would send it: a page
 * shows the right status page instead of failing with a 500.
 */
function errorAsResponse(error: unknown): never {
  if (error instanceof AppError) {
    throw Response.json(errorBody(error.code, error.message), { status: error.status });
  }
  if (!isConnectionError(error)) throw error;
  const unavailable = AppError.unavailable();
  throw Response.json(errorBody(unavailable.code, unavailable.message), { status: 503 });
}

/**
 * The services as loaders see them: calling anything but a cached public read marks the
 * render as one that must not be kept; an AppError or a lost connection becomes its status page.
 */
function trackReads(services: Services, reads: { onlyCached: boolean }): Services {
  return new Proxy(services, {
    get(target, feature: string) {
      const service = Reflect.get(target, feature) as unknown;
      if (typeof service !== "object" || service === null) return service;
      const cached = cachedReads.get(feature);
      return new Proxy(service, {
        get(object, method: string) {
          const value = Reflect.get(object, method);
          if (typeof value !== "function") return value;
          if (!cached?.has(method)) reads.onlyCached = false;
          return function (this: unknown, ...args: unknown[]) {
            const result: unknown = Reflect.apply(value, this, args);
            return result instanceof Promise ? result.catch(errorAsResponse) : result;
          };
        },
      });
    },
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  // A form's body (POST /cart), as the parser above kept it.
  const body = typeof request.body === "string" ? request.body : undefined;
  return new Request(url, { method: request.method, headers, signal: controller.signal, body });
}

/**
 * The whole answer in memory: pages are small, and a known body gets an ETag and a length.
 * A page (HTML) leaves here without the script marker and with its Content-Security-Policy,
 * made from the hashes of the inline scripts the render marked (ownInlineScripts): once per
 * render, never again for a kept page however often it is sent.
 */
async function readPage(
  response: Response,
  scriptMarker: string,
  config: Config,
): Promise<CachedPage> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers.push([name, value]);
  }
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  let body: Buffer = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  let policy: string | undefined;
  if (isHtml(headers)) {
    const own = ownInlineScripts(body, scriptMarker);
    body = own.html;
    policy = pagePolicy(own.hashes, config);
  }
  const page = { status: response.status, headers, body, etag: etagOf(body) };
  if (policy !== undefined) policies.set(page, policy);
  return page;
}

const memos = new WeakMap<CachedPage, CompressionMemo>();
/** Each page's Content-Security-Policy, made when it was rendered (readPage). */
const policies = new WeakMap<CachedPage, string>();

function isHtml(headers: [string, string][]): boolean {
  const type = headers.find(([name]) => name === "content-type")?.[1] ?? "";
  return type.startsWith("text/html");
}

function policyOf(page: CachedPage, config: Config): string | undefined {
  if (!isHtml(page.headers)) return undefined;
  // Every page comes from readPage; one that did not would have no script of its own.
  return policies.get(page) ?? pagePolicy([], config);
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  personal: boolean,
) {
  reply.status(page.status);
  // The database is restarting or unreachable (unavailableAsResponse): ask again in a second.
  if (page.status === 503) reply.header("retry-after", "1");
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === "set-cookie") cookies.push(value);
    else if (name !== "content-length") reply.header(name, value);
  }
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // Allows the inline scripts the page's render wrote itself, by hash (security-headers.ts).
  const policy = policyOf(page, request.server.config);
  if (policy) reply.header("content-security-policy", policy);

  // What a page shows may depend on the Cookie header (the remembered municipality, a
  // session): a shared cache must never give one shopper's page to another (issue 27).
  addVary(reply, "Cookie");
  // Headers a route set itself (e.g. the sitemap's Cache-Control) win.
  if (!page.headers.some(([name]) => name === "cache-control")) {
    const cacheable = page.status === 200 && !personal && cookies.length === 0;
    reply.header("cache-control", cacheable ? PUBLIC_PAGE : PRIVATE_PAGE);
  }
  // A HEAD render has no body to tag (one kept from a GET has).
  if (page.status === 200 && cookies.length === 0 && page.body.length > 0) {
    reply.header("etag", page.etag);
    if (matchesEtag(request.headers["if-none-match"], page.etag)) {
      reply.removeHeader("content-type");
      return reply.status(304).send();
    }
  }

  let memo = memos.get(page);
  if (!memo) {
    memo = { body: page.body, etag: page.etag, compressed: {} };
    memos.set(page, memo);
  }
  sendsMemoized(reply, memo);
  return reply.send(page.body);
}

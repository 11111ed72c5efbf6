import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { resolve } from "node:path";
import { defineConfig } from "vite";

/**
 * What the development server (`npm run dev` only; production never loads Vite) may not
 * serve, even from inside the project: DATA_DIR (the embedded database, uploads, the
 * generated session secret), environment files, keys and certificates, git. Vite matches
 * these against absolute paths; patterns without a slash match a file name anywhere.
 */
const dataDir = resolve(process.env.DATA_DIR || "data");
const DEV_DENIED = [
  dataDir,
  `${dataDir}/**`,
  ".env",
  ".env.*",
  "*.{crt,pem,key,p12,pfx}",
  "session-secret",
  "*.secret",
  "tiangue.lock",
  "**/.git/**",
  "**/.data-test*/**",
];

/**
 * Client chunking (issue 5). Left alone, Rollup cuts the public pages into 35–55 files of
 * 0.2–3 KB (one per icon, helper, Radix internal…); on HTTP/1.1 with six connections each
 * costs a round trip, which is most of a slow-4G LCP. Five hand-made chunks fix that:
 * - shell: React, React Router and everything the root and the public layout load
 *   (header, search, footer, cn, the header's icons) — needed by every page (TanStack Query
 *   is not: only the back office, under routes/with-queries.tsx, loads it);
 * - catalog: app code and icons that at least CATALOG_MIN_ROUTES catalogue pages share (cards,
 *   stars, SEO helpers…), loaded once and cached for the next page;
 * - common: the part of those that the shopper's own pages (cart, checkout, orders, the
 *   registration form) use too (empty states, SEO helpers, the territory), so that they load
 *   it without the rest of the catalog;
 * - radix: the Radix internals that Dialog, Accordion and Toast share;
 * - queries: TanStack Query, for the back office's pages (routes/with-queries.tsx).
 * Only the modules named here go into them (onlyExplicitManualChunks): no admin code, and
 * heavy libraries (react-hook-form, zod, Radix Dialog) stay in chunks of the pages that use them.
 */
const CATALOG_MIN_ROUTES = 3;

const SHELL_ROOTS = /\/app\/(root|routes\/public\/layout)\.tsx$/;
// The catalogue's pages, and the shopper's own (cart, checkout, orders, the registration form):
// these are left out of the count, so the catalog chunk does not carry their code to every
// other page; what they share with the catalogue goes to the small common chunk instead.
const OWN_PAGES =
  /\/app\/routes\/public\/(cart|checkout|orders|order-lookup|order-detail|register-merchant)\.tsx$/;
const CATALOGUE_PAGES = /\/app\/routes\/public\/(?!layout\.)[^/]+\.tsx$/;
const ROUTE_MODULE = /\/app\/(root\.tsx|routes\/)/;
const APP_CODE = /\/(app|shared)\/[^?\0]+\.tsx?$/;
const SHELL_PACKAGES = new RegExp(
  [
    String.raw`/node_modules/(react|react-router|tailwind-merge|clsx|class-variance-authority|@radix-ui/react-slot|@radix-ui/react-compose-refs)/`,
    // react-dom's small non-client half (flushSync for React Router); the client stays in entry.client.
    String.raw`/node_modules/react-dom/(index\.js|cjs/react-dom\.production\.js)`,
    String.raw`/node_modules/lucide-react/dist/esm/(?!icons/|lucide-react\.mjs)`,
    String.raw`vite/preload-helper|commonjsHelpers`,
  ].join("|"),
);
const TANSTACK_QUERY = /\/node_modules\/@tanstack\/(query-core|react-query)\//;
const LUCIDE_MODULE = /\/node_modules\/lucide-react\/dist\/esm\/(lucide-react|icons\/[\w-]+)\.mjs$/;
const RADIX_BASE =
  /\/node_modules\/@radix-ui\/(primitive|react-(primitive|context|use-layout-effect|use-controllable-state|use-effect-event|use-callback-ref|presence|id|direction|collection))\//;

interface ModuleInfo {
  importedIds: readonly string[];
  code: string | null;
}
type GetModuleInfo = (id: string) => ModuleInfo | null;

/** Icon name (and aliases: 'Loader2' → 'loader-circle') → file name, from lucide's barrel. */
function lucideIconFiles(ids: string[], info: GetModuleInfo): Map<string, string> {
  const files = new Map<string, string>();
  const barrel = ids.find((id) => id.endsWith("/lucide-react/dist/esm/lucide-react.mjs"));
  const code = (barrel && info(barrel)?.code) || "";
  for (const [, names, file] of code.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) files.set(name, file);
  }
  return files;
}

/** App modules statically reachable from `start` (through app/ and shared/ only) and their icons. */
function reachable(start: string, info: GetModuleInfo, iconIds: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    // Icons come through lucide's barrel, so they are read from the import statements.
    for (const [, names] of module?.code?.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
    ) ?? []) {
      for (const name of names.split(",")) {
        const icon = iconIds.get(name.trim().split(/\s+as\s+/)[0]);
        if (icon) seen.add(icon);
      }
    }
    stack.push(...(module?.importedIds ?? []).filter((dep) => APP_CODE.test(dep)));
  }
  return seen;
}

function planChunks(ids: string[], info: GetModuleInfo): Map<string, string> {
  const iconFiles = lucideIconFiles(ids, info);
  const iconIds = new Map<string, string>();
  for (const [name, file] of iconFiles) {
    const id = ids.find((candidate) =>
      candidate.endsWith(`/lucide-react/dist/esm/icons/${file}.mjs`),
    );
    if (id) iconIds.set(name, id);
  }
  const plan = new Map<string, string>();
  for (const root of ids.filter((id) => SHELL_ROOTS.test(id))) {
    for (const id of reachable(root, info, iconIds)) plan.set(id, "shell");
  }
  const routesUsing = new Map<string, number>();
  const usedByOwnPages = new Set<string>();
  for (const page of ids.filter((id) => CATALOGUE_PAGES.test(id))) {
    const own = OWN_PAGES.test(page);
    for (const id of reachable(page, info, iconIds)) {
      if (own) usedByOwnPages.add(id);
      else routesUsing.set(id, (routesUsing.get(id) ?? 0) + 1);
    }
  }
  // A module that needs another library (Radix Tabs, react-hook-form…) stays out: the
  // catalog would import that library's chunk on every page.
  const selfContained = new Map<string, boolean>();
  const isSelfContained = (id: string): boolean => {
    if (plan.get(id) === "shell") return true;
    if (!selfContained.has(id)) {
      selfContained.set(id, true); // import cycles: assume yes while looking
      const ok = (info(id)?.importedIds ?? []).every((dep) =>
        APP_CODE.test(dep)
          ? isSelfContained(dep)
          : SHELL_PACKAGES.test(dep) || LUCIDE_MODULE.test(dep),
      );
      selfContained.set(id, ok);
    }
    return selfContained.get(id)!;
  };
  for (const [id, count] of routesUsing) {
    if (count >= CATALOG_MIN_ROUTES && !plan.has(id) && isSelfContained(id))
      plan.set(id, usedByOwnPages.has(id) ? "common" : "catalog");
  }
  return plan;
}

let plan: Map<string, string> | null = null;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    // Listens through the app's own server (server/http/web-app.ts, HOST: 127.0.0.1 in dev).
    host: "127.0.0.1",
    fs: { strict: true, deny: DEV_DENIED },
  },
  // The server build takes only the icons and Radix parts the pages use: importing these
  // packages' barrels from node_modules cost a start ~0.6 s (every icon, every primitive).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  build: {
    target: "es2022",
    // For bench/page-weight.ts's split by package: `BUILD_SOURCEMAP=1 npm run build`.
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            onlyExplicitManualChunks: true,
            manualChunks(id, { getModuleIds, getModuleInfo }) {
              plan ??= planChunks([...getModuleIds()], getModuleInfo);
              // Route modules stay their own files: React Router loads them by URL.
              if (ROUTE_MODULE.test(id)) return undefined;
              if (SHELL_PACKAGES.test(id)) return "shell";
              if (RADIX_BASE.test(id)) return "radix";
              // One file rather than eight for the back office (routes/with-queries.tsx).
              if (TANSTACK_QUERY.test(id)) return "queries";
              return plan.get(id);
            },
          },
        },
  },
}));

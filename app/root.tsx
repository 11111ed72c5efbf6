import { routeErrorBoundary } from "./components/layout/route-error-boundary";
import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, ScrollRestoration } from "react-router";
// Rendered by Layout with a precedence, so React puts it first among the hoisted links.
import appCss from "./app.css?url";
import { DeferredScripts } from "./components/layout/deferred-scripts";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { useScriptMarker } from "./lib/script-marker";
import { registerServiceWorker } from "./lib/service-worker";

/** Zod's global configuration (zod/v4/core: globalThis.__zod_globalConfig), read when it loads. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true};";

export function Layout({ children }: { children: ReactNode }) {
  // Every inline script here carries it: the page's CSP allows only those (app/entry.server.tsx).
  const nonce = useScriptMarker();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The one render-blocking file: as early in <head> as React allows. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <meta name="theme-color" content="#1d3aab" />
        {/* Zod would probe `new Function` to compile its parsers; the page's CSP forbids eval
            and reports the probe as a violation. Set before any module runs (allowed by hash). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        {/* Installable as 'Tiangue' (public/manifest.webmanifest, issue 27). */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* <Scripts>, with the code loading after the first paint (issue 5). */}
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // After hydration, itself after the first paint: the worker for the next visit (public/sw.js).
  useEffect(registerServiceWorker, []);
  return (
    <>
      <Outlet />
      <LazyToaster />
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary();

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Links, Meta, Outlet, ScrollRestoration, useRouteError } from "react-router";
// Rendered by Layout with a precedence, so React puts it first among the hoisted links.
import appCss from "./app.css?url";
import { DeferredScripts } from "./components/deferred-scripts";
import { routeErrorTexts } from "./components/error-notice";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { createQueryClient } from "./lib/query-client";

/** Zod's global configuration (zod/v4/core: globalThis.__zod_globalConfig), read when it loads. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true};";

export function Layout({ children }: { children: ReactNode }) {
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
        <script dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        {/* <Scripts>, with the code loading after the first paint (issue 5). */}
        <DeferredScripts />
      </body>
    </html>
  );
}

export default function App() {
  // One client per browser tab (and per server render), never shared between requests.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <LazyToaster />
    </QueryClientProvider>
  );
}

export function ErrorBoundary() {
  const { title, text } = routeErrorTexts(useRouteError(), {
    notFound: { title: "Página no encontrada", text: "La página que buscas no existe." },
    other: {
      title: "Algo salió mal",
      text: "Ocurrió un error inesperado. Intenta de nuevo en un momento.",
    },
  });
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <a href="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Volver al inicio
      </a>
    </main>
  );
}

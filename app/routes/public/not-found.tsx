import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { data, Link } from "react-router";
import { TiangueLogo } from "../../components/layout/site-header";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/not-found";

// The catch-all route: any unknown address answers HTTP 404 with this page.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: pageTitle("404 Page Not Found") }, { name: "robots", content: "noindex" }];
}

/** The spec's fallback page, in English on purpose (spec §2). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-4">
      <div className="w-full max-w-md rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm">
        <TiangueLogo className="mx-auto size-12" />
        <h1 className="mt-4 text-2xl font-bold text-stone-900">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-stone-600">Did you forget to add the page to the router?</p>
        <Link
          to="/"
          className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          Volver al inicio
        </Link>
      </div>
    </main>
  );
}

export const ErrorBoundary = routeErrorBoundary();

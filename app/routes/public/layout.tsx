import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import {
  Outlet,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  type Location,
} from "react-router";
import { svWallClock } from "../../../shared/dates";
import { ErrorNotice, routeErrorTexts } from "../../components/layout/error-notice";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import type { Route } from "./+types/layout";

/** Loader data of this layout, read by child routes (useRouteLoaderData) and their meta(). */
export const LAYOUT_ROUTE_ID = "routes/public/layout";

export function loader({ context }: Route.LoaderArgs) {
  // The year is taken on the server (El Salvador time) so the footer hydrates unchanged.
  const year = svWallClock(new Date()).getUTCFullYear();
  return { publicUrl: context.config.publicUrl, year };
}

// Nothing here depends on the page: no need to reload it on every navigation.
export function shouldRevalidate() {
  return false;
}

// The stand-ins of a pending page: its own small chunk, fetched once the page is idle, so
// it adds nothing to a first load (docs/performance.md) and is there by the first click.
const loadNavigationPending = () => import("../../components/layout/navigation-pending");
const NavigationPending = lazy(loadNavigationPending);

/** A quicker navigation (a cached page) shows no stand-in: it would only flash. */
export const PENDING_DELAY_MS = 150;

/**
 * Where a client-side navigation is going while it waits for its loader, once it has waited
 * PENDING_DELAY_MS; null otherwise. Only a new page counts: the first server-rendered load
 * never navigates, and ?page= or ?tab= on the same page keep it on screen.
 */
function usePendingLocation(): Location | null {
  const navigation = useNavigation();
  const location = useLocation();
  const target =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location
      : null;
  const key = target?.key ?? null;
  const [waited, setWaited] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setWaited(key), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return target && waited === key ? target : null;
}

function Shell({ children, year }: { children: ReactNode; year: number }) {
  const navigation = useNavigation();
  const pending = usePendingLocation();

  useEffect(() => {
    const warm = () => void loadNavigationPending();
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(warm, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 2000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      {/* A thin bar while the next page loads (navigations wait for their loader). */}
      {navigation.state === "loading" && (
        <div
          role="progressbar"
          aria-label="Cargando página"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-maiz-400"
        />
      )}
      <SiteHeader />
      <main id="contenido" className="flex-1">
        {pending && (
          <Suspense fallback={null}>
            <NavigationPending pathname={pending.pathname} search={pending.search} />
          </Suspense>
        )}
        {/* Hidden, not unmounted: a navigation given up (Esc, back) shows the page as it was. */}
        <div hidden={pending !== null}>{children}</div>
      </main>
      <SiteFooter year={year} />
    </div>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell year={loaderData.year}>
      <Outlet />
    </Shell>
  );
}

/** Errors of public pages without their own boundary: the header and footer stay. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>(LAYOUT_ROUTE_ID);
  const texts = routeErrorTexts(error, {
    notFound: { title: "Página no encontrada", text: "La página que buscas no existe." },
    other: {
      title: "Algo salió mal",
      text: "Ocurrió un error inesperado. Intenta de nuevo en un momento.",
    },
  });
  return (
    <Shell year={data?.year ?? new Date().getFullYear()}>
      <ErrorNotice {...texts} link={{ to: "/", label: "Volver al inicio" }} />
    </Shell>
  );
}

import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { SV_TIME_ZONE } from "../../../shared/el-salvador";
import { ErrorNotice } from "../../components/error-notice";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import type { Route } from "./+types/layout";

/** Loader data of this layout, read by child routes (useRouteLoaderData) and their meta(). */
export const LAYOUT_ROUTE_ID = "routes/public/layout";

export function loader({ context }: Route.LoaderArgs) {
  // The year is taken on the server (El Salvador time) so the footer hydrates unchanged.
  const year = Number(
    new Intl.DateTimeFormat("en", { timeZone: SV_TIME_ZONE, year: "numeric" }).format(new Date()),
  );
  return { publicUrl: context.config.publicUrl, year };
}

// Nothing here depends on the page: no need to reload it on every navigation.
export function shouldRevalidate() {
  return false;
}

function Shell({ children, year }: { children: ReactNode; year: number }) {
  const navigation = useNavigation();
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
        {children}
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell year={data?.year ?? new Date().getFullYear()}>
      <ErrorNotice
        title={notFound ? "Página no encontrada" : "Algo salió mal"}
        text={
          notFound
            ? "La página que buscas no existe."
            : "Ocurrió un error inesperado. Intenta de nuevo en un momento."
        }
        link={{ to: "/", label: "Volver al inicio" }}
      />
    </Shell>
  );
}

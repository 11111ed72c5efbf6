import { useRouteError } from "react-router";
import { ErrorNotice, routeErrorTexts, type ErrorTexts } from "./error-notice";

/** The general words, for routes that need none of their own. */
const PAGE_NOT_FOUND: ErrorTexts = {
  title: "Página no encontrada",
  text: "La página que buscas no existe.",
};
const SOMETHING_WENT_WRONG: ErrorTexts = {
  title: "Algo salió mal",
  text: "Ocurrió un error inesperado. Intenta de nuevo en un momento.",
};

export interface RouteErrorOptions {
  /** What a 404 says (e.g. "Comercio no encontrado"). */
  notFound?: ErrorTexts;
  /** What any other failure says. */
  other?: ErrorTexts;
  /** Where the reader goes on from. */
  link?: { to: string; label: string };
}

/**
 * The one error boundary of the route modules: every route exports
 * `export const ErrorBoundary = routeErrorBoundary({ … })` (or with no words of its own).
 * Its status decides the words (routeErrorTexts): a service's AppError thrown in the loader
 * arrives with its status and `{ message, code }` (server/http/web-app.ts), so a missing
 * merchant is a 404 page and a lost database a 503 page, never a 500.
 */
export function routeErrorBoundary(options: RouteErrorOptions = {}) {
  const notFound = options.notFound ?? PAGE_NOT_FOUND;
  const other = options.other ?? SOMETHING_WENT_WRONG;
  const link = options.link ?? { to: "/", label: "Volver al inicio" };
  return function ErrorBoundary() {
    const texts = routeErrorTexts(useRouteError(), { notFound, other });
    return <ErrorNotice {...texts} link={link} />;
  };
}

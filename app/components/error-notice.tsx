import { isRouteErrorResponse, Link } from "react-router";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../shared/service-messages";

/** A page that could not be shown: what happened, and a link to go on from. */
export function ErrorNotice({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <Link to={link.to} className="mt-6 inline-block font-medium text-brand-700 underline">
        {link.label}
      </Link>
    </div>
  );
}

export interface ErrorTexts {
  title: string;
  text: string;
}

/**
 * What a route's error boundary says: its own words for a 404, the service's for a 503 (the
 * database is restarting: server/http/web-app.ts), and `other` for anything else.
 */
export function routeErrorTexts(
  error: unknown,
  texts: { notFound: ErrorTexts; other: ErrorTexts },
): ErrorTexts {
  if (isRouteErrorResponse(error) && error.status === 404) return texts.notFound;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return { title: "Servicio no disponible", text: SERVICE_UNAVAILABLE_MESSAGE };
  }
  return texts.other;
}

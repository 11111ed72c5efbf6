import { isRouteErrorResponse, Link } from "react-router";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../../shared/service-messages";

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

/** The server's `{ message, code }` of a status page (server/http/web-app.ts), when it sent one. */
function serverMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data: unknown = error.data;
  if (typeof data === "object" && data !== null && "message" in data) {
    const { message } = data as { message: unknown };
    return typeof message === "string" ? message : undefined;
  }
  return undefined;
}

/**
 * What a route's error boundary says, by the answer's status: its own words for a 404, the
 * service's for a 503 (the database is restarting: server/http/web-app.ts), sign-in and
 * permission words for 401 and 403, the server's Spanish message for another 4xx (an
 * `AppError` thrown by a service in a loader), and `other` for anything else.
 */
export function routeErrorTexts(
  error: unknown,
  texts: { notFound: ErrorTexts; other: ErrorTexts },
): ErrorTexts {
  if (!isRouteErrorResponse(error)) return texts.other;
  switch (error.status) {
    case 404:
      return texts.notFound;
    case 503:
      return { title: "Servicio no disponible", text: SERVICE_UNAVAILABLE_MESSAGE };
    case 401:
      return { title: "Inicia sesión", text: serverMessage(error) ?? "Debes iniciar sesión" };
    case 403:
      return {
        title: "Acceso denegado",
        text: serverMessage(error) ?? "No tienes permiso para ver esta página.",
      };
  }
  if (error.status >= 400 && error.status < 500) {
    return {
      title: "No se pudo mostrar la página",
      text: serverMessage(error) ?? texts.other.text,
    };
  }
  return texts.other;
}

import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { WOMPI_WEBHOOK_PATH } from "../modules/payments/wompi.signature";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that another site made a browser send
 * (decisions §3): `Sec-Fetch-Site` says so in modern browsers, `Origin` in the rest.
 * Requests without either header (curl, server-to-server) pass: they carry no
 * victim's cookies.
 */
export function refuseCrossSite(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  // A callback hook, not an async one: no promise per request (issue 13).
  if (SAFE_METHODS.has(request.method)) return done();
  done(crossSiteError(request));
}

/** Why a state-changing request is refused, or undefined when it may go on. */
function crossSiteError(request: FastifyRequest): AppError | undefined {
  // Wompi's server-to-server notification: no browser, no cookie, and its own proof of
  // origin (the signature of its body). The one route exempt, matched exactly.
  if (request.routeOptions.url === WOMPI_WEBHOOK_PATH) return undefined;
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
    return crossSite();
  }
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return crossSite();
    }
    // Both sides through URL, so an explicit default port (":80") compares equal.
    const ownHost = new URL(`${request.protocol}://${request.host}`).host;
    if (originHost !== ownHost) return crossSite();
  } else if (origin === "null") {
    return crossSite();
  }
  return undefined;
}

function crossSite() {
  return new AppError(403, "cross_site", "Solicitud rechazada: proviene de otro sitio");
}

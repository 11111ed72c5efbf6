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
export async function refuseCrossSite(request: FastifyRequest, _reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  // Wompi's server-to-server notification: no browser, no cookie, and its own proof of
  // origin (the signature of its body). The one route exempt, matched exactly.
  if (request.routeOptions.url === WOMPI_WEBHOOK_PATH) return;
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw crossSite();
  }
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw crossSite();
    }
    // Both sides through URL, so an explicit default port (":80") compares equal.
    const ownHost = new URL(`${request.protocol}://${request.host}`).host;
    if (originHost !== ownHost) throw crossSite();
  } else if (origin === "null") {
    throw crossSite();
  }
}

function crossSite() {
  return new AppError(403, "cross_site", "Solicitud rechazada: proviene de otro sitio");
}

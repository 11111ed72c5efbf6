import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";

/**
 * Request ids (issue 13): every log line of a request carries `reqId`, and the answer
 * returns it as `X-Request-Id`. An id sent by a trusted proxy (TRUST_PROXY, the same
 * rule as X-Forwarded-For) is kept, so one id follows a request through the proxy's logs
 * and ours; from anyone else, or when it is not a short plain token, we make our own.
 */

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** proxy-addr's range names, which TRUST_PROXY accepts (server/env.ts). */
const RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** A netmask such as 255.0.0.0 as a prefix length. */
function maskLength(mask: string): number {
  return mask
    .split(".")
    .map((part) => Number(part).toString(2).replace(/0/g, "").length)
    .reduce((a, b) => a + b, 0);
}

/** Whether a peer address is one of TRUST_PROXY's (true: any; false: none). */
export function proxyTrust(
  trustProxy: boolean | string[],
): (address: string | undefined) => boolean {
  if (typeof trustProxy === "boolean") return () => trustProxy;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const named = RANGES[entry];
    if (named) {
      for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, isIP(prefix) ? maskLength(prefix) : Number(prefix), type);
  }
  return (address) => {
    if (!address || isIP(address) === 0) return false;
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
    const v4 = address.startsWith("::ffff:") ? address.slice(7) : undefined;
    if (v4 && isIP(v4) === 4) return list.check(v4, "ipv4");
    return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
  };
}

/** Fastify's genReqId: the trusted proxy's id when it is sane, else a new UUID. */
export function requestIdGenerator(
  trustProxy: boolean | string[],
): NonNullable<FastifyServerOptions["genReqId"]> {
  const trusted = proxyTrust(trustProxy);
  return (request: IncomingMessage) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === "string" && SANE_ID.test(given) && trusted(request.socket.remoteAddress)) {
      return given;
    }
    return randomUUID();
  };
}

/** Returns the request's id on every answer, errors and 404s included. */
export const requestIdHeader = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: no promise per request (issue 13).
    app.addHook("onRequest", (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: "tiangue-request-id" },
);

/**
 * What the logs never show (pino's redact): credentials in headers, and passwords or
 * tokens in anything logged with the request (bodies, errors' details).
 */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "password",
  "token",
  "*.password",
  "*.token",
  "*.currentPassword",
  "*.newPassword",
  "*.apiSecret",
  "*.sessionSecret",
];

/** Query parameters whose values are secrets (sign-in links, payment links, OIDC answers). */
const SECRET_QUERY = /([?&](?:token|code|state|password|secret)=)[^&#]*/gi;

/** The URL as logged: secret query values replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[oculto]");
}

import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserDto } from "../../../shared/api-types";
import { user as userAnswer } from "../../../shared/contracts/index";
import { loginSchema } from "../../../shared/schemas/index";
import { AppError, parseInput } from "../../errors";
import { clientAddressKey } from "../../http/rate-limit";
import { jsonBody, noContent, type RouteApp } from "../../http/route-schema";
import { secureCookies } from "../../http/session";
import { decodePending, encodePending } from "./oidc";

export const OIDC_COOKIE = "tiangue_oidc";
/** The provider round trip must finish within 10 minutes. */
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;
/** Sign-in starts and provider callbacks per address and minute (each one is cheap but unauthenticated). */
const OIDC_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/**
 * Sign-in requests per address and minute, whatever their outcome: each one costs a
 * password hash. Failures are throttled harder by login-throttle.ts.
 */
export const LOGIN_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };

export const NOT_SIGNED_IN = "No has iniciado sesión";

export async function authRoutes(app: RouteApp) {
  const auth = app.services.auth;
  const oidcCookie = (request: FastifyRequest) => ({
    path: "/api/callback",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookies(request),
  });

  app.post(
    "/auth/login",
    {
      config: { access: "public", ...LOGIN_LIMIT },
      schema: { body: jsonBody(loginSchema), response: { 200: userAnswer } },
    },
    async (request, reply): Promise<UserDto> => {
      const { username, password } = parseInput(loginSchema, request.body);
      const user = await auth.login(username, password, { ip: clientAddressKey(request) });
      await reply.startSession(user);
      return user;
    },
  );

  app.post(
    "/auth/logout",
    { config: { access: "public" }, schema: { response: { 204: noContent } } },
    async (_request, reply) => {
      await reply.endSession();
      return reply.status(204).send();
    },
  );

  const signedIn = { response: { 200: userAnswer } };
  app.get(
    "/auth/user",
    { config: { access: "admin" }, schema: signedIn },
    async (request): Promise<UserDto> => {
      const user = await request.currentUser();
      // A merchant's session (issue 11) is not an administrator's: its page is /merchant.
      if (!user || user.role !== "admin") throw AppError.unauthorized(NOT_SIGNED_IN);
      return user;
    },
  );

  // External account (decisions §1): authorization code with PKCE, state and nonce.
  app.get("/login", { config: { access: "public", ...OIDC_LIMIT } }, async (request, reply) => {
    if (!auth.oidcEnabled()) return toLogin(reply, "oidc_no_configurado");
    try {
      const { url, pending } = await auth.beginOidcLogin();
      reply.setCookie(OIDC_COOKIE, encodePending(pending), {
        ...oidcCookie(request),
        signed: true,
        maxAge: OIDC_COOKIE_MAX_AGE_S,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.warn({ err: error }, "no se pudo iniciar la sesión externa");
      return toLogin(reply, "oidc_fallo");
    }
  });

  app.get("/callback", { config: { access: "public", ...OIDC_LIMIT } }, async (request, reply) => {
    if (!auth.oidcEnabled()) return toLogin(reply, "oidc_no_configurado");
    const raw = request.cookies[OIDC_COOKIE];
    // One use only: whatever happens next, the pending values are gone.
    if (raw !== undefined) reply.clearCookie(OIDC_COOKIE, oidcCookie(request));
    const unsigned = raw ? request.unsignCookie(raw) : null;
    const pending = unsigned?.valid ? decodePending(unsigned.value) : null;
    if (!pending) return toLogin(reply, "oidc_fallo");
    try {
      // The provider checks redirect_uri against PUBLIC_URL, so rebuild the URL from it.
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      const callbackUrl = new URL(`${app.config.publicUrl}/api/callback${query}`);
      const user = await auth.completeOidcLogin(callbackUrl, pending);
      if (!user) return toLogin(reply, "sin_acceso");
      await reply.startSession(user, "oidc");
      return reply.redirect("/admin", 302);
    } catch (error) {
      request.log.warn({ err: error }, "falló el inicio de sesión externo");
      return toLogin(reply, "oidc_fallo");
    }
  });
}

function toLogin(reply: FastifyReply, error: "oidc_no_configurado" | "oidc_fallo" | "sin_acceso") {
  return reply.redirect(`/admin/login?error=${error}`, 302);
}

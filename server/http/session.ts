import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserDto } from "../../shared/api-types";
import { SESSION_TTL_MS, type SessionOrigin } from "../modules/auth/auth.service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null (loaded once, lazily). */
    currentUser(): Promise<UserDto | null>;
  }
  interface FastifyReply {
    /**
     * Signs `user` in: a new session row and cookie (always a new id), the old one deleted.
     * `via` says how the user proved who they are (default: the password form).
     */
    startSession(user: UserDto, via?: SessionOrigin): Promise<void>;
    /** Signs out: deletes the session row (if any) and clears the cookie. */
    endSession(): Promise<void>;
  }
}

export const SESSION_COOKIE = "tiangue_sid";

/**
 * Whether this request's cookies get `Secure`: in production, when the request came over
 * HTTPS (directly, or per the X-Forwarded-Proto of a trusted proxy) or PUBLIC_URL is https.
 * A production server reached over plain http on localhost or a LAN can still sign in.
 */
export function secureCookies(request: FastifyRequest): boolean {
  const { production, publicUrl } = request.server.config;
  return production && (request.protocol === "https" || publicUrl.startsWith("https:"));
}

const kUser = Symbol("tiangue.currentUser");
const kRenewCookie = Symbol("tiangue.renewSessionCookie");

interface SessionState {
  [kUser]: Promise<UserDto | null> | null;
  /** A session whose expiry moved: its id and new expiry, for a fresh cookie. */
  [kRenewCookie]: { sid: string; expire: Date } | null;
}
const state = (request: FastifyRequest) => request as unknown as SessionState;

/**
 * Server-side sessions (decisions §3): rows of the `sessions` table named by a signed,
 * HttpOnly, SameSite=Lax cookie that lives 7 days after the last use and at most 30 days
 * in all. At start, external-account administrators removed from ADMIN_EMAILS are demoted.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const auth = app.services.auth;
    const cookieOptions = (
      request: FastifyRequest,
      maxAgeMs = SESSION_TTL_MS,
    ): CookieSerializeOptions => ({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(request),
      signed: true,
      maxAge: Math.max(0, Math.round(maxAgeMs / 1000)),
    });

    /** The session id of a validly signed cookie, else null. */
    function sessionId(request: FastifyRequest): string | null {
      const raw = request.cookies[SESSION_COOKIE];
      if (!raw) return null;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : null;
    }

    async function loadUser(request: FastifyRequest): Promise<UserDto | null> {
      const sid = sessionId(request);
      if (!sid) return null;
      const found = await auth.sessionUser(sid);
      if (!found) return null;
      if (found.expire) state(request)[kRenewCookie] = { sid, expire: found.expire };
      return found.user;
    }

    app.decorateRequest(kUser, null);
    app.decorateRequest(kRenewCookie, null);
    app.decorateRequest("currentUser", function (this: FastifyRequest) {
      const s = state(this);
      s[kUser] ??= loadUser(this);
      return s[kUser];
    });

    app.decorateReply(
      "startSession",
      async function (this: FastifyReply, user: UserDto, via?: SessionOrigin) {
        const request = this.request;
        const previous = sessionId(request);
        if (previous) await auth.destroySession(previous);
        const { sid } = await auth.createSession(user.id, via);
        this.setCookie(SESSION_COOKIE, sid, cookieOptions(request));
        state(request)[kUser] = Promise.resolve(user);
        state(request)[kRenewCookie] = null;
      },
    );

    app.decorateReply("endSession", async function (this: FastifyReply) {
      const request = this.request;
      const sid = sessionId(request);
      if (sid) await auth.destroySession(sid);
      if (request.cookies[SESSION_COOKIE] !== undefined) {
        const { maxAge: _maxAge, signed: _signed, ...options } = cookieOptions(request);
        this.clearCookie(SESSION_COOKIE, options);
      }
      state(request)[kUser] = Promise.resolve(null);
      state(request)[kRenewCookie] = null;
    });

    // A session whose expiry moved forward gets a fresh cookie lifetime too.
    // A callback hook, not an async one: no promise per answer (issue 13).
    app.addHook("onSend", (request, reply, payload, done) => {
      const renew = state(request)[kRenewCookie];
      if (renew) {
        const maxAgeMs = renew.expire.getTime() - Date.now();
        reply.setCookie(SESSION_COOKIE, renew.sid, cookieOptions(request, maxAgeMs));
      }
      done(null, payload);
    });

    // Removing an e-mail from ADMIN_EMAILS takes effect at the next start for the user
    // row too, not only for new sign-ins (sessions are re-checked at every load anyway).
    app.addHook("onReady", async () => {
      try {
        const demoted = await auth.demoteRemovedAdministrators();
        if (demoted > 0) {
          app.log.warn({ demoted }, "administradores externos fuera de ADMIN_EMAILS: rol retirado");
        }
      } catch (error) {
        app.log.warn({ err: error }, "no se pudo revisar ADMIN_EMAILS al iniciar");
      }
    });

    // Expired sessions and rate-limit counters are deleted by the daily purge
    // (server/maintenance/purge.ts), one process at a time.
  },
  { name: "tiangue-session", dependencies: ["@fastify/cookie"] },
);

import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserDto } from "../../shared/api-types";
import { SESSION_TTL_MS } from "../modules/auth/auth.service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null (loaded once, lazily). */
    currentUser(): Promise<UserDto | null>;
  }
  interface FastifyReply {
    /** Signs `user` in: a new session row and cookie (always a new id), the old one deleted. */
    startSession(user: UserDto): Promise<void>;
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
/** How often expired sessions and rate-limit counters are deleted. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** First purge shortly after start, so a process that restarts often still cleans up. */
const FIRST_PURGE_MS = 60 * 1000;

const kUser = Symbol("tiangue.currentUser");
const kRenewCookie = Symbol("tiangue.renewSessionCookie");

interface SessionState {
  [kUser]: Promise<UserDto | null> | null;
  [kRenewCookie]: string | null;
}
const state = (request: FastifyRequest) => request as unknown as SessionState;

/**
 * Server-side sessions (decisions §3): rows of the `sessions` table named by a signed,
 * HttpOnly, SameSite=Lax cookie that lives 7 days after the last use.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const auth = app.services.auth;
    const cookieOptions = (request: FastifyRequest): CookieSerializeOptions => ({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(request),
      signed: true,
      maxAge: SESSION_TTL_MS / 1000,
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
      if (found.refreshed) state(request)[kRenewCookie] = sid;
      return found.user;
    }

    app.decorateRequest(kUser, null);
    app.decorateRequest(kRenewCookie, null);
    app.decorateRequest("currentUser", function (this: FastifyRequest) {
      const s = state(this);
      s[kUser] ??= loadUser(this);
      return s[kUser];
    });

    app.decorateReply("startSession", async function (this: FastifyReply, user: UserDto) {
      const request = this.request;
      const previous = sessionId(request);
      if (previous) await auth.destroySession(previous);
      const { sid } = await auth.createSession(user.id);
      this.setCookie(SESSION_COOKIE, sid, cookieOptions(request));
      state(request)[kUser] = Promise.resolve(user);
      state(request)[kRenewCookie] = null;
    });

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
    app.addHook("onSend", async (request, reply, payload) => {
      const sid = state(request)[kRenewCookie];
      if (sid) reply.setCookie(SESSION_COOKIE, sid, cookieOptions(request));
      return payload;
    });

    const purge = () => {
      auth.purgeExpired().catch((error: unknown) => {
        app.log.warn({ err: error }, "no se pudieron borrar las sesiones vencidas");
      });
    };
    // Timers never keep the process (or a test run) alive, and stop with the app.
    const first = setTimeout(purge, FIRST_PURGE_MS).unref();
    const every = setInterval(purge, PURGE_INTERVAL_MS).unref();
    app.addHook("onClose", async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
  { name: "tiangue-session", dependencies: ["@fastify/cookie"] },
);

import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { UserDto } from "../../../shared/api-types";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import * as repo from "./auth.repository";
import type { SessionData, SessionOrigin } from "./auth.repository";
// The HTTP session plugin reaches sessions through this service only.
export type { SessionOrigin };
import { presentUser } from "./auth.presenter";
import { createLoginThrottle } from "./login-throttle";
import {
  createOidcClient,
  isLocalHttpIssuer,
  verifiedEmail,
  type OidcClaims,
  type OidcPending,
} from "./oidc";
import { generatePassword, hashPassword, needsRehash, verifyPassword } from "./password";
import { purgeExpiredCounters } from "../../http/rate-limit";

/** A session lives 7 days after its last use. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Its expiry moves at most once an hour, so reading a session is not a write per request. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;
/** However often it is used, a session ends 30 days after it was opened. */
export const SESSION_MAX_LIFE_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_ADMIN_USERNAME = "admin";

/**
 * The key of a session's row: the SHA-256 (hex) of the id its cookie carries. The table
 * holds no id a cookie could be made from (a backup, a copied database file).
 */
export function sessionKey(sid: string): string {
  return createHash("sha256").update(sid).digest("hex");
}

export const INVALID_CREDENTIALS = "Credenciales incorrectas";
export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Intenta de nuevo en 15 minutos.";

export function createAuthService({ db, config }: ServiceDeps) {
  const throttle = createLoginThrottle(db);
  const oidc = config.oidc
    ? createOidcClient({
        ...config.oidc,
        redirectUri: `${config.publicUrl}/api/callback`,
        allowHttp: !config.production && isLocalHttpIssuer(config.oidc.issuerUrl),
      })
    : undefined;

  /** Whether an e-mail is one of ADMIN_EMAILS (compared lower-case). */
  const isAllowedEmail = (email: string | null) =>
    email !== null && config.adminEmails.includes(email.toLowerCase());

  /**
   * Whether a session still stands for an administrator. One opened with the external
   * account, or of a user without a password (made by it), holds only while the e-mail is
   * in ADMIN_EMAILS: removing it ends the session at its next use.
   */
  function sessionAllowed(user: repo.UserRow, sess: SessionData): boolean {
    // A merchant's e-mail link (issue 11) opens a merchant session, never an administrator's.
    if (sess.via === "link" || user.role === "merchant") {
      return sess.via === "link" && user.role === "merchant";
    }
    if (user.role !== "admin") return false;
    if (sess.via === "oidc" || !user.passwordHash) return isAllowedEmail(user.email);
    return true;
  }

  function checkPassword(password: string) {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw AppError.badRequest(
        `La contraseña necesita al menos ${PASSWORD_MIN_LENGTH} caracteres`,
      );
    }
  }

  async function createAdministrator(username: string, password: string) {
    const row = await repo.insertUser(db, {
      username,
      passwordHash: await hashPassword(password),
      role: "admin",
    });
    return row ? presentUser(row) : null;
  }

  /**
   * The administrator of an external account, created or refreshed from its claims:
   * found by subject, else linked by e-mail, else created.
   */
  async function upsertOidcUser(claims: OidcClaims): Promise<UserDto> {
    const email = claims.email?.trim().toLowerCase();
    if (!email) throw AppError.badRequest("La cuenta externa no tiene correo electrónico");
    const profile = {
      email,
      oidcSubject: claims.sub,
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
      profileImageUrl: claims.picture ?? null,
      role: "admin",
    };
    return db.transaction(async (tx) => {
      const existing =
        (await repo.findUserByOidcSubject(tx, claims.sub)) ??
        (await repo.findUserByEmail(tx, email));
      if (existing) return presentUser(await repo.updateUser(tx, existing.id, profile));
      const created = await repo.insertUser(tx, profile);
      if (!created) throw AppError.conflict("La cuenta externa ya está registrada");
      return presentUser(created);
    });
  }

  return {
    /**
     * Start-up guarantee of an administrator (decisions §1): with a username and password,
     * creates or updates that administrator; without, creates `admin` with a random
     * password when there is no administrator at all (returned once as generatedPassword).
     */
    async ensureAdministrator(input: {
      username?: string;
      password?: string;
    }): Promise<{ username: string; generatedPassword?: string }> {
      const username = input.username?.trim() || undefined;
      if (input.password !== undefined) {
        checkPassword(input.password);
        const name = username ?? DEFAULT_ADMIN_USERNAME;
        const existing = await repo.findUserByUsername(db, name);
        if (!existing) {
          if (await createAdministrator(name, input.password)) return { username: name };
          // Another process created it between our read and our insert: update it below.
        }
        const row = existing ?? (await repo.findUserByUsername(db, name));
        if (!row) throw new Error(`No se pudo crear el administrador ${name}`);
        // Same password as stored: leave the hash (and everyone's sessions) alone on every restart.
        const same = row.passwordHash
          ? await verifyPassword(input.password, row.passwordHash)
          : false;
        if (!same || row.role !== "admin") {
          await repo.updateUser(db, row.id, {
            role: "admin",
            ...(same ? {} : { passwordHash: await hashPassword(input.password) }),
          });
          if (!same) await repo.deleteUserSessions(db, row.id);
        }
        return { username: name };
      }

      const existing = await repo.firstAdministrator(db);
      if (existing) {
        return { username: existing.username ?? existing.email ?? DEFAULT_ADMIN_USERNAME };
      }
      const name = username ?? DEFAULT_ADMIN_USERNAME;
      const generatedPassword = generatePassword();
      if (await createAdministrator(name, generatedPassword))
        return { username: name, generatedPassword };
      return { username: name }; // created meanwhile by another process
    },

    /**
     * Checks a username and password, with the sign-in throttle of `ip`: 401
     * 'Credenciales incorrectas' for any wrong pair, 429 after too many failures.
     */
    async login(
      username: string,
      password: string,
      context: { ip?: string } = {},
    ): Promise<UserDto> {
      const ip = context.ip ?? "desconocida";
      const attempt = await throttle.attempt(ip, username);
      if (attempt.blocked) throw new AppError(429, "rate_limited", TOO_MANY_ATTEMPTS);
      if (attempt.delayMs > 0) await sleep(attempt.delayMs);

      const row = await repo.findUserByUsername(db, username);
      // verifyPassword spends the same time when there is no user or no password.
      const valid = await verifyPassword(password, row?.passwordHash);
      if (!row || !valid || row.role !== "admin") throw AppError.unauthorized(INVALID_CREDENTIALS);

      await throttle.succeeded(ip, username);
      if (row.passwordHash && needsRehash(row.passwordHash)) {
        await repo.updateUser(db, row.id, { passwordHash: await hashPassword(password) });
      }
      return presentUser(row);
    },

    /**
     * Whether a merchant's sign-in e-mail may open a merchant session (issue 11): not when
     * it is an administrator's (or a removed administrator's) account.
     */
    async merchantEmailAllowed(email: string): Promise<boolean> {
      const row = await repo.findUserByEmail(db, email);
      return !row || row.role === "merchant";
    },

    /** The merchant user of a sign-in e-mail, created on its first sign-in; null if not allowed. */
    async merchantUser(email: string): Promise<UserDto | null> {
      const row =
        (await repo.findUserByEmail(db, email)) ??
        (await repo.insertUser(db, { email, role: "merchant" })) ??
        (await repo.findUserByEmail(db, email));
      return row && row.role === "merchant" ? presentUser(row) : null;
    },

    async userById(id: string): Promise<UserDto | null> {
      const row = await repo.findUserById(db, id);
      return row ? presentUser(row) : null;
    },

    async listAdministrators(): Promise<UserDto[]> {
      return (await repo.listAdministrators(db)).map(presentUser);
    },

    /** Sets a user's password (admin CLI) and signs that user out everywhere. */
    async setPassword(username: string, password: string): Promise<UserDto> {
      checkPassword(password);
      const row = await repo.findUserByUsername(db, username);
      if (!row) throw AppError.notFound("Usuario no encontrado");
      const updated = await repo.updateUser(db, row.id, {
        passwordHash: await hashPassword(password),
      });
      await repo.deleteUserSessions(db, row.id);
      return presentUser(updated);
    },

    upsertOidcUser,

    /** Whether the external-account sign-in is configured. */
    oidcEnabled(): boolean {
      return oidc !== undefined;
    },

    /** Starts an external-account sign-in: where to send the browser and what to keep. */
    async beginOidcLogin(): Promise<{ url: string; pending: OidcPending }> {
      if (!oidc) throw AppError.notFound("Inicio de sesión externo no configurado");
      return oidc.begin();
    },

    /**
     * Finishes an external-account sign-in from the provider's redirect: the user when
     * the account's e-mail is one of ADMIN_EMAILS, null when it isn't; throws on failure.
     */
    async completeOidcLogin(callbackUrl: URL, pending: OidcPending): Promise<UserDto | null> {
      if (!oidc) throw AppError.notFound("Inicio de sesión externo no configurado");
      const claims = await oidc.complete(callbackUrl, pending);
      // Only an e-mail the provider says it verified can name an administrator.
      if (!isAllowedEmail(verifiedEmail(claims))) return null;
      return upsertOidcUser(claims);
    },

    /**
     * Start-up check of ADMIN_EMAILS: administrators made by the external account (no
     * password) whose e-mail is no longer listed lose the role and every session. Password
     * administrators (ADMIN_USERNAME, `npm run admin`) are left alone. Returns how many.
     */
    async demoteRemovedAdministrators(): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await repo.demoteExternalAdministrators(tx, config.adminEmails);
        for (const user of removed) await repo.deleteUserSessions(tx, user.id);
        return removed.length;
      });
    },

    /**
     * Opens a new session for a user (always a new id: no session fixation). The id goes
     * to the cookie; the row is stored under its hash.
     */
    async createSession(
      userId: string,
      via: SessionOrigin = "password",
    ): Promise<{ sid: string; expire: Date }> {
      const sid = randomBytes(32).toString("base64url");
      const now = new Date();
      const expire = new Date(now.getTime() + SESSION_TTL_MS);
      await repo.insertSession(
        db,
        sessionKey(sid),
        { userId, createdAt: now.toISOString(), via },
        expire,
      );
      return { sid, expire };
    },

    /**
     * The user of a live session, or null. A session past its 30 days, or one that no
     * longer stands for an administrator (see sessionAllowed), is deleted. The expiry
     * moves forward (7 days from now, never past the 30 days) when that gains over an
     * hour; `expire` then tells the caller to renew the cookie until then.
     */
    async sessionUser(sid: string): Promise<{ user: UserDto; expire: Date | null } | null> {
      const key = sessionKey(sid);
      const found = await repo.findSessionUser(db, key);
      if (!found) return null;
      const now = Date.now();
      const created = Date.parse(found.sess.createdAt);
      const end = created + SESSION_MAX_LIFE_MS;
      // A row without a readable creation time can't be capped: it is no session.
      if (!(end > now) || !sessionAllowed(found.user, found.sess)) {
        await repo.deleteSession(db, key);
        return null;
      }
      const expire = Math.min(now + SESSION_TTL_MS, end);
      if (expire - found.expire.getTime() <= SESSION_REFRESH_MS) {
        return { user: presentUser(found.user), expire: null };
      }
      await repo.touchSession(db, key, new Date(expire));
      return { user: presentUser(found.user), expire: new Date(expire) };
    },

    async destroySession(sid: string): Promise<void> {
      await repo.deleteSession(db, sessionKey(sid));
    },

    /** Deletes expired sessions and rate-limit counters. */
    async purgeExpired(): Promise<{ sessions: number; counters: number }> {
      const sessions = await repo.purgeExpiredSessions(db);
      const counters = await purgeExpiredCounters(db);
      return { sessions, counters };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

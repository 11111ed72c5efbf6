import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, sessions, users } from "../../../db/schema/index";
import { SESSION_COOKIE } from "../../http/session";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { createTestApp, type TestApp } from "../../test/test-app";
import { LOGIN_LIMIT } from "./auth.routes";
import { LOGIN_BLOCK_AFTER, LOGIN_WINDOW_MS, ipKey, usernameKey } from "./login-throttle";
import { hitCounter, readCounter } from "../../http/rate-limit";
import { cookiePair, setCookieLine } from "../../test/test-cookies";

const ADMIN = { username: "ana", password: "clave-de-ana-2026" };
const WRONG = "Credenciales incorrectas";
const TOO_MANY = "Demasiados intentos. Intenta de nuevo en 15 minutos.";

describe("auth routes", () => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each test signs in from its own address so the throttle of one doesn't touch another. */
  const freshIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.auth.ensureAdministrator(ADMIN);
  });
  afterAll(() => t.close());

  const login = (payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: payload as object,
      headers: { "x-forwarded-for": ip, ...headers },
    });
  const sessionCount = async () =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0].n;

  describe("POST /api/auth/login", () => {
    it("signs in with the right password and answers the user without secrets", async () => {
      const res = await login(ADMIN);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: null,
        username: "ana",
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        role: "admin",
      });
      expect(res.body).not.toMatch(/scrypt|passwordHash|oidc/);
      expect(setCookieLine(res.headers, SESSION_COOKIE)).toMatch(/HttpOnly; SameSite=Lax/);
      expect(res.headers["cache-control"]).toBe("no-store");

      const me = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie: cookiePair(res.headers, SESSION_COOKIE) },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(body);
    });

    it("answers 401 'Credenciales incorrectas' to a wrong password and to an unknown user alike", async () => {
      const before = await sessionCount();
      const wrong = await login({ username: "ana", password: "otra-clave" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: WRONG, code: "unauthorized" });
      const unknown = await login({ username: "nadie", password: "clave-de-ana-2026" });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: WRONG, code: "unauthorized" });
      expect(setCookieLine(wrong.headers, SESSION_COOKIE)).toBeUndefined();
      expect(await sessionCount()).toBe(before);
    });

    it("refuses a user without a password (external-account administrator) with the same 401", async () => {
      await t.app.services.auth.upsertOidcUser({
        sub: "sub-sin-clave",
        email: "externa@tiangue.sv",
      });
      await t.db
        .update(users)
        .set({ username: "externa" })
        .where(eq(users.oidcSubject, "sub-sin-clave"));
      const res = await login({ username: "externa", password: "cualquier-cosa" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: WRONG, code: "unauthorized" });
    });

    it("is case-sensitive on the password and exact on the username", async () => {
      expect((await login({ username: "ana", password: "CLAVE-DE-ANA-2026" })).statusCode).toBe(
        401,
      );
      expect((await login({ username: "ANA", password: ADMIN.password })).statusCode).toBe(401);
      // The form may send surrounding spaces in the username: they are trimmed.
      expect((await login({ username: "  ana ", password: ADMIN.password })).statusCode).toBe(200);
    });

    it("answers 400 with the login schema's messages for missing fields", async () => {
      const res = await login({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "El usuario es requerido",
        code: "validation",
        errors: [
          { path: "username", message: "El usuario es requerido" },
          { path: "password", message: "La contraseña es requerida" },
        ],
      });
      const blank = await login({ username: "   ", password: "" });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toHaveLength(2);
      const wrongTypes = await login({ username: 12, password: ["x"] });
      expect(wrongTypes.statusCode).toBe(400);
    });

    it("answers 400, never 500, to malformed JSON and other content types", async () => {
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: "{username:",
      });
      expect(bad.statusCode).toBe(400);
      const text = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "text/plain" },
        payload: "username=ana",
      });
      expect(text.statusCode).toBe(415);
    });

    it("refuses cross-site sign-ins with 403", async () => {
      const evil = await login(ADMIN, freshIp(), { origin: "https://evil.example" });
      expect(evil.statusCode).toBe(403);
      expect(evil.json()).toEqual({
        message: "Solicitud rechazada: proviene de otro sitio",
        code: "cross_site",
      });
      expect(setCookieLine(evil.headers, SESSION_COOKIE)).toBeUndefined();
      const fetchSite = await login(ADMIN, freshIp(), { "sec-fetch-site": "cross-site" });
      expect(fetchSite.statusCode).toBe(403);
      const same = await login(ADMIN, freshIp(), {
        host: "tiangue.test",
        origin: "http://tiangue.test",
        "sec-fetch-site": "same-origin",
      });
      expect(same.statusCode).toBe(200);
    });
  });

  describe("sign-in throttle", () => {
    it("slows down after 5 failures from one address and answers 429 after 10, even to the right password", async () => {
      const ip = freshIp();
      const durations: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = Date.now();
        const res = await login({ username: `intruso${i}`, password: "adivinanza" }, ip);
        durations.push(Date.now() - start);
        expect(res.statusCode).toBe(401);
      }
      // Attempts 6 to 10 wait 0.4 s, 0.8 s … 2 s before being checked.
      expect(durations[9]).toBeGreaterThanOrEqual(2000);
      expect(durations.slice(5).reduce((a, b) => a + b, 0)).toBeGreaterThan(5500);

      const blocked = await login(ADMIN, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: TOO_MANY, code: "rate_limited" });
      expect(setCookieLine(blocked.headers, SESSION_COOKIE)).toBeUndefined();
      // Another address is not affected.
      expect((await login(ADMIN, freshIp())).statusCode).toBe(200);
      // The count lives in PostgreSQL, shared by every app process; the refused attempt
      // was not counted.
      expect((await readCounter(t.db, ipKey(ip))).hits).toBe(10);
    }, 90_000);

    const rateLimitRows = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits))[0].n;
    /** An address that has failed often enough to be refused. */
    const block = async (ip: string) => {
      for (let i = 0; i < LOGIN_BLOCK_AFTER; i++)
        await hitCounter(t.db, ipKey(ip), LOGIN_WINDOW_MS);
    };

    it("answers a blocked address 429 before writing anything: new usernames add no rows", async () => {
      const ip = freshIp();
      await block(ip);
      // The first request also opens the route's per-minute counter of this address.
      expect((await login({ username: "nuevo0", password: "adivinanza" }, ip)).statusCode).toBe(
        429,
      );
      const before = await rateLimitRows();
      for (let i = 1; i <= 5; i++) {
        const res = await login({ username: `nuevo${i}`, password: "adivinanza" }, ip);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: TOO_MANY, code: "rate_limited" });
      }
      expect(await rateLimitRows()).toBe(before);
      expect((await readCounter(t.db, ipKey(ip))).hits).toBe(LOGIN_BLOCK_AFTER);
      for (let i = 0; i <= 5; i++) {
        expect((await readCounter(t.db, usernameKey(`nuevo${i}`))).hits).toBe(0);
      }
    });

    it("counts IPv6 clients by their /64 and IPv4-mapped clients as IPv4", async () => {
      await block("2001:db8:5:6::1");
      // Another address of the same /64 is refused too …
      const same = await login(ADMIN, "2001:db8:5:6:abcd::99");
      expect(same.statusCode).toBe(429);
      expect(same.json()).toEqual({ message: TOO_MANY, code: "rate_limited" });
      // … another /64 is not.
      expect((await login(ADMIN, "2001:db8:5:7::1")).statusCode).toBe(200);

      await block("203.0.113.250");
      expect((await login(ADMIN, "::ffff:203.0.113.250")).statusCode).toBe(429);
      expect((await login(ADMIN, "203.0.113.251")).statusCode).toBe(200);
    });

    it("limits sign-in requests per address and minute, whatever their outcome", async () => {
      expect(LOGIN_LIMIT).toEqual({ rateLimit: { max: 20, timeWindow: "1 minute" } });
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await login({}, ip)).statusCode).toBe(400);
      const refused = await login(ADMIN, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: "Demasiadas solicitudes. Intenta de nuevo en un momento.",
        code: "rate_limited",
      });
      expect(setCookieLine(refused.headers, SESSION_COOKIE)).toBeUndefined();
      expect((await login(ADMIN, freshIp())).statusCode).toBe(200);
    });

    it("slows a username attacked from many addresses, but never locks its owner out", async () => {
      await t.app.services.auth.ensureAdministrator({
        username: "beto",
        password: "clave-de-beto-1",
      });
      for (let i = 0; i < 10; i++) await hitCounter(t.db, usernameKey("beto"), 15 * 60_000);
      const start = Date.now();
      const res = await login({ username: "beto", password: "clave-de-beto-1" });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - start).toBeGreaterThanOrEqual(1990);
    });

    it("waits before checking once an address has 5 failures", async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await hitCounter(t.db, ipKey(ip), 15 * 60_000);
      const start = Date.now();
      const res = await login(ADMIN, ip);
      expect(res.statusCode).toBe(200);
      expect(Date.now() - start).toBeGreaterThanOrEqual(390);
    });

    it("resets the username's counter on success and takes back the address's hit", async () => {
      const ip = freshIp();
      await ensure("carla", "clave-de-carla-1");
      for (let i = 0; i < 3; i++) {
        expect((await login({ username: "carla", password: "mala" }, ip)).statusCode).toBe(401);
      }
      expect((await readCounter(t.db, usernameKey("carla"))).hits).toBe(3);
      expect(
        (await login({ username: "carla", password: "clave-de-carla-1" }, ip)).statusCode,
      ).toBe(200);
      expect((await readCounter(t.db, usernameKey("carla"))).hits).toBe(0);
      expect((await readCounter(t.db, ipKey(ip))).hits).toBe(3);
    });

    const ensure = (username: string, password: string) =>
      t.app.services.auth.ensureAdministrator({ username, password });
  });

  describe("POST /api/auth/logout", () => {
    it("deletes the session row, clears the cookie and answers 204", async () => {
      const cookie = cookiePair((await login(ADMIN)).headers, SESSION_COOKIE);
      const before = await sessionCount();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(await sessionCount()).toBe(before - 1);
      expect(setCookieLine(res.headers, SESSION_COOKIE)).toMatch(
        /Max-Age=0|Expires=Thu, 01 Jan 1970/,
      );
      const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: "No has iniciado sesión", code: "unauthorized" });
    });

    it("answers 204 without a session too", async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
      expect(res.statusCode).toBe(204);
      const tampered = await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: `${SESSION_COOKIE}=falsa.firma` },
      });
      expect(tampered.statusCode).toBe(204);
    });

    it("refuses a cross-site sign-out with 403 and keeps the session", async () => {
      const cookie = cookiePair((await login(ADMIN)).headers, SESSION_COOKIE);
      for (const headers of [
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
      ]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/logout",
          headers: { cookie, ...headers },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          message: "Solicitud rechazada: proviene de otro sitio",
          code: "cross_site",
        });
      }
      const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(200);
    });
  });

  describe("external account without configuration", () => {
    it("sends /api/login and /api/callback back to the login page", async () => {
      for (const url of ["/api/login", "/api/callback?code=x&state=y"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe("/admin/login?error=oidc_no_configurado");
      }
    });
  });
});

describe("auth service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auth = () => t.app.services.auth;
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });

  it("creates `admin` with a printed-once random password when there is no administrator", async () => {
    const created = await auth().ensureAdministrator({});
    expect(created.username).toBe("admin");
    expect(created.generatedPassword!.length).toBeGreaterThanOrEqual(16);
    expect((await signIn("admin", created.generatedPassword!)).statusCode).toBe(200);
    // Next start: an administrator exists, nothing is generated or changed.
    const again = await auth().ensureAdministrator({});
    expect(again).toEqual({ username: "admin" });
    expect((await signIn("admin", created.generatedPassword!)).statusCode).toBe(200);
  });

  it("creates or updates the administrator of ADMIN_USERNAME / ADMIN_PASSWORD", async () => {
    expect(
      await auth().ensureAdministrator({ username: "dora", password: "primera-clave" }),
    ).toEqual({
      username: "dora",
    });
    const first = await signIn("dora", "primera-clave");
    expect(first.statusCode).toBe(200);
    const cookie = cookiePair(first.headers, SESSION_COOKIE);

    // The same password at the next start changes nothing: sessions survive restarts.
    await auth().ensureAdministrator({ username: "dora", password: "primera-clave" });
    const same = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(same.statusCode).toBe(200);

    // A new password replaces the old one and signs the administrator out everywhere.
    await auth().ensureAdministrator({ username: "dora", password: "segunda-clave" });
    expect((await signIn("dora", "primera-clave")).statusCode).toBe(401);
    expect((await signIn("dora", "segunda-clave")).statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.username, "dora"));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.role).toBe("admin");
  });

  it("refuses passwords shorter than 8 characters", async () => {
    await expect(
      auth().ensureAdministrator({ username: "eva", password: "corta" }),
    ).rejects.toMatchObject({
      status: 400,
      message: "La contraseña necesita al menos 8 caracteres",
    });
    await expect(auth().setPassword("admin", "1234567")).rejects.toMatchObject({ status: 400 });
  });

  it("sets a password, signing the user out, and 404s an unknown username", async () => {
    await auth().ensureAdministrator({ username: "fabi", password: "clave-vieja-1" });
    const cookie = cookiePair((await signIn("fabi", "clave-vieja-1")).headers, SESSION_COOKIE);
    const user = await auth().setPassword("fabi", "clave-nueva-1");
    expect(user.username).toBe("fabi");
    expect((await signIn("fabi", "clave-nueva-1")).statusCode).toBe(200);
    expect((await signIn("fabi", "clave-vieja-1")).statusCode).toBe(401);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
    await expect(auth().setPassword("no-existe", "clave-larga-1")).rejects.toMatchObject({
      status: 404,
    });
  });

  it("finds users by id, and nobody for a malformed id", async () => {
    const [admin] = await auth().listAdministrators();
    expect(await auth().userById(admin.id)).toEqual(admin);
    expect(await auth().userById("no-es-un-uuid")).toBeNull();
    expect(await auth().userById("00000000-0000-0000-0000-000000000000")).toBeNull();
  });

  it("upserts external-account users by subject, then links by e-mail", async () => {
    const created = await auth().upsertOidcUser({
      sub: "google|1",
      email: "Gloria@Ejemplo.SV",
      given_name: "Gloria",
      family_name: "Martínez",
      picture: "https://fotos.ejemplo.sv/g.png",
    });
    expect(created).toMatchObject({
      email: "gloria@ejemplo.sv",
      username: null,
      firstName: "Gloria",
      lastName: "Martínez",
      profileImageUrl: "https://fotos.ejemplo.sv/g.png",
      role: "admin",
    });
    const renamed = await auth().upsertOidcUser({
      sub: "google|1",
      email: "gloria@ejemplo.sv",
      given_name: "Glo",
    });
    expect(renamed.id).toBe(created.id);
    expect(renamed.firstName).toBe("Glo");

    // A password administrator with the same e-mail gets the external account linked.
    await auth().ensureAdministrator({ username: "hugo", password: "clave-de-hugo-1" });
    await t.db.update(users).set({ email: "hugo@ejemplo.sv" }).where(eq(users.username, "hugo"));
    const linked = await auth().upsertOidcUser({ sub: "otro|9", email: "HUGO@ejemplo.sv" });
    expect(linked.username).toBe("hugo");
    await expect(auth().upsertOidcUser({ sub: "sin-correo" })).rejects.toMatchObject({
      status: 400,
    });
  });

  describe("administrators removed from ADMIN_EMAILS", () => {
    /**
     * The app started again over the same database with another ADMIN_EMAILS (and the
     * same cookie secret as createTestApp's, so its cookies still read).
     */
    const restartWith = async (adminEmails: string) => {
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: "test",
          DATA_DIR: "/nonexistent",
          ADMIN_EMAILS: adminEmails,
        }),
        database: t.database,
        sessionSecret: "s".repeat(48),
      });
      await app.ready();
      return app;
    };
    const cookieFor = async (
      app: Awaited<ReturnType<typeof restartWith>>,
      userId: string,
      via?: "password" | "oidc",
    ) => {
      const { sid } = await app.services.auth.createSession(userId, via);
      return `${SESSION_COOKIE}=${encodeURIComponent(app.signCookie(sid))}`;
    };
    const status = (app: Awaited<ReturnType<typeof restartWith>>, cookie: string) =>
      app
        .inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })
        .then((r) => r.statusCode);
    const roleOf = async (id: string) =>
      (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;
    const sessionsOf = async (id: string) =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessions)
          .where(sql`${sessions.sess}->>'userId' = ${id}`)
      )[0].n;

    it("demotes them at start and ends their sessions, leaving password administrators alone", async () => {
      const listed = await restartWith("ines@tiangue.sv, juan@tiangue.sv, kike@tiangue.sv");
      const ines = await auth().upsertOidcUser({ sub: "ines", email: "ines@tiangue.sv" });
      const juan = await auth().upsertOidcUser({ sub: "juan", email: "Juan@Tiangue.sv" });
      // A password administrator whose e-mail was linked to an external account.
      await auth().ensureAdministrator({ username: "kike", password: "clave-de-kike-1" });
      await t.db.update(users).set({ email: "kike@tiangue.sv" }).where(eq(users.username, "kike"));
      const kike = await auth().upsertOidcUser({ sub: "kike", email: "kike@tiangue.sv" });
      const inesCookie = await cookieFor(listed, ines.id, "oidc");
      const juanCookie = await cookieFor(listed, juan.id, "oidc");
      const kikePassword = await cookieFor(listed, kike.id, "password");
      const kikeExternal = await cookieFor(listed, kike.id, "oidc");
      for (const cookie of [inesCookie, juanCookie, kikePassword, kikeExternal]) {
        expect(await status(listed, cookie)).toBe(200);
      }
      await listed.close();

      // Juan and Kike are taken off the list; the next start demotes Juan.
      const restarted = await restartWith("ines@tiangue.sv");
      try {
        expect(await roleOf(juan.id)).toBe("removed");
        expect(await sessionsOf(juan.id)).toBe(0);
        expect(await status(restarted, juanCookie)).toBe(401);
        expect(await roleOf(ines.id)).toBe("admin");
        expect(await status(restarted, inesCookie)).toBe(200);
        // Kike keeps the role and his password session; the one his external account
        // opened ends at its next use.
        expect(await roleOf(kike.id)).toBe("admin");
        expect(await status(restarted, kikePassword)).toBe(200);
        expect(await status(restarted, kikeExternal)).toBe(401);
        expect(await sessionsOf(kike.id)).toBe(1);
        // Listed again, the external account is an administrator again at its next sign-in.
        expect((await auth().upsertOidcUser({ sub: "juan", email: "juan@tiangue.sv" })).role).toBe(
          "admin",
        );
      } finally {
        await restarted.close();
      }

      // An empty list leaves no external administrator, and every password one.
      const empty = await restartWith("");
      try {
        expect(await roleOf(ines.id)).toBe("removed");
        expect(await roleOf(juan.id)).toBe("removed");
        expect(await roleOf(kike.id)).toBe("admin");
        expect((await auth().listAdministrators()).every((u) => u.username !== null)).toBe(true);
      } finally {
        await empty.close();
      }
    });

    it("refuses their sessions at every load, without waiting for a restart", async () => {
      const app = await restartWith("lola@tiangue.sv");
      try {
        // Made an administrator by a process whose list still had Mario.
        const mario = await auth().upsertOidcUser({ sub: "mario", email: "mario@tiangue.sv" });
        const lola = await auth().upsertOidcUser({ sub: "lola", email: "lola@tiangue.sv" });
        const external = await cookieFor(app, mario.id, "oidc");
        // A session without its origin (opened before it was recorded) of a user without
        // a password was opened by the external account too.
        const legacy = await cookieFor(app, mario.id);
        expect(await status(app, external)).toBe(401);
        expect(await status(app, legacy)).toBe(401);
        expect(await sessionsOf(mario.id)).toBe(0);
        expect(await status(app, await cookieFor(app, lola.id, "oidc"))).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
});

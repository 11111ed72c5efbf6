import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index";
import { cookiePair, setCookieLine } from "../modules/auth/test-cookies";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { openTestDatabase } from "../test-support/test-database";
import { SESSION_COOKIE } from "./session";

const ADMIN = { username: "sesiones", password: "clave-de-sesiones-1" };

describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.auth.ensureAdministrator(ADMIN);
  });
  afterAll(() => t.close());

  const login = () => t.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
  const me = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/user", headers: cookie ? { cookie } : {} });
  const sidOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]).split(".")[0];
  const sessionRow = async (cookie: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(cookie)))
    )[0];

  it("sets a signed, HttpOnly, SameSite=Lax cookie on / that lives 7 days", async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const line = setCookieLine(res.headers, SESSION_COOKIE)!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=604800/);
    expect(line).not.toMatch(/; Secure/); // only in production
    const cookie = cookiePair(res.headers, SESSION_COOKIE);
    // The cookie carries the id and its signature; the row holds the user.
    const row = await sessionRow(cookie);
    expect(row.sess).toEqual({ userId: res.json().id });
    const days = (row.expire.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("marks the cookie Secure in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", LOG_LEVEL: "silent" });
    try {
      await prod.app.services.auth.ensureAdministrator(ADMIN);
      const res = await prod.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
      expect(res.statusCode).toBe(200);
      expect(setCookieLine(res.headers, SESSION_COOKIE)).toMatch(/; Secure/);
    } finally {
      await prod.close();
    }
  });

  it("answers the signed-in user and 401 without a cookie", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: ADMIN.username, role: "admin" });
    const anonymous = await me();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "No has iniciado sesión" });
  });

  it("gives a new session id at every sign-in and drops the one the browser sent", async () => {
    const first = cookiePair((await login()).headers, SESSION_COOKIE);
    const second = cookiePair((await login()).headers, SESSION_COOKIE);
    expect(second).not.toBe(first);
    // Signing in again from the same browser replaces its session (no fixation).
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: ADMIN,
      headers: { cookie: second },
    });
    const third = cookiePair(res.headers, SESSION_COOKIE);
    expect(third).not.toBe(second);
    expect((await me(second)).statusCode).toBe(401);
    expect(await sessionRow(second)).toBeUndefined();
    expect((await me(third)).statusCode).toBe(200);
    // A session the browser didn't send stays: another device.
    expect((await me(first)).statusCode).toBe(200);
  });

  it("refuses a tampered or unsigned cookie", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    const [name, value] = cookie.split("=");
    const decoded = decodeURIComponent(value);
    const flipped = decoded.slice(0, -1) + (decoded.endsWith("A") ? "B" : "A");
    expect((await me(`${name}=${encodeURIComponent(flipped)}`)).statusCode).toBe(401);
    // The bare session id, without its signature, is not accepted either.
    expect((await me(`${name}=${sidOf(cookie)}`)).statusCode).toBe(401);
    const otherSid = "x".repeat(43);
    expect((await me(`${name}=${otherSid}.${decoded.split(".")[1]}`)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("refuses an expired session", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 minute'` })
      .where(eq(sessions.sid, sidOf(cookie)));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
  });

  it("refuses the session of a deleted user", async () => {
    await t.app.services.auth.ensureAdministrator({
      username: "efimero",
      password: "clave-efimera-1",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "efimero", password: "clave-efimera-1" },
    });
    const cookie = cookiePair(res.headers, SESSION_COOKIE);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.username, "efimero"));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("slides the expiry forward at most once an hour, renewing the cookie", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    const fresh = await sessionRow(cookie);
    // A fresh session is read without a write and without a new cookie.
    const quiet = await me(cookie);
    expect(quiet.statusCode).toBe(200);
    expect(setCookieLine(quiet.headers, SESSION_COOKIE)).toBeUndefined();
    expect((await sessionRow(cookie)).expire.getTime()).toBe(fresh.expire.getTime());

    // Last used two hours ago: the read moves the expiry to 7 days from now.
    const old = new Date(Date.now() + 7 * 86_400_000 - 2 * 3_600_000);
    await t.db
      .update(sessions)
      .set({ expire: old })
      .where(eq(sessions.sid, sidOf(cookie)));
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    const renewed = setCookieLine(res.headers, SESSION_COOKIE)!;
    expect(renewed).toMatch(/; Max-Age=604800/);
    expect(renewed.split(";")[0]).toBe(cookie);
    const moved = (await sessionRow(cookie)).expire.getTime();
    expect(moved - old.getTime()).toBeGreaterThan(3_600_000);
  });

  it("loads the session once per request however often it is asked, and only with a cookie", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });
    const app = await buildApp({
      config,
      database,
      sessionSecret: "z".repeat(48),
      web: async (web) => {
        web.get("/twice", async (request) => {
          const [a, b] = await Promise.all([request.currentUser(), request.currentUser()]);
          const c = await request.currentUser();
          return { same: a === b && b === c, user: c?.username ?? null };
        });
      },
    });
    try {
      await app.services.auth.ensureAdministrator(ADMIN);
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
      const cookie = cookiePair(res.headers, SESSION_COOKIE);
      let calls = 0;
      const original = app.services.auth.sessionUser;
      app.services.auth.sessionUser = async (sid) => {
        calls++;
        return original(sid);
      };
      const signedIn = await app.inject({ method: "GET", url: "/twice", headers: { cookie } });
      expect(signedIn.json()).toEqual({ same: true, user: ADMIN.username });
      expect(calls).toBe(1);
      const anonymous = await app.inject({ method: "GET", url: "/twice" });
      expect(anonymous.json()).toEqual({ same: true, user: null });
      expect(calls).toBe(1); // no cookie: no query at all
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("purges expired sessions and rate-limit counters", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(sessions.sid, sidOf(cookie)));
    const result = await t.app.services.auth.purgeExpired();
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(cookie)).toBeUndefined();
    const [{ count }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.expire} <= now()`);
    expect(count).toBe(0);
  });
});

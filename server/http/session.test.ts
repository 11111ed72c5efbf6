import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index";
import { cookiePair, setCookieLine } from "../test/test-cookies";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { createTestApp, type TestApp } from "../test/test-app";
import { openTestDatabase } from "../test/test-database";
import { migrationsFolder } from "../../db/client";
import { sessionKey } from "../modules/auth/auth.service";
import { SESSION_COOKIE } from "./session";

const ADMIN = { username: "sesiones", password: "clave-de-sesiones-1" };

describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.auth.ensureAdministrator(ADMIN);
  });
  afterAll(() => t.close());

  let logins = 0;
  // Each sign-in from its own address: the route's per-minute limit is not under test here.
  const login = () =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: ADMIN,
      headers: { "x-forwarded-for": `198.51.100.${++logins}` },
    });
  const me = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/user", headers: cookie ? { cookie } : {} });
  const sidOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]).split(".")[0];
  /** The row of a cookie's session: stored under the SHA-256 of the id. */
  const keyOf = (cookie: string) => sessionKey(sidOf(cookie));
  const sessionRow = async (cookie: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, keyOf(cookie)))
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
    expect(row.sess).toEqual({
      userId: res.json().id,
      createdAt: expect.any(String),
      via: "password",
    });
    const days = (row.expire.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("stores only the SHA-256 of the session id, never the id the cookie carries", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    const sid = sidOf(cookie);
    expect(sid).toMatch(/^[\w-]{43}$/);
    const row = await sessionRow(cookie);
    expect(row.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(row.sid).toBe(sessionKey(sid));
    const raw = await t.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(raw).toHaveLength(0);
    // The hash itself, signed as if it were an id, is no session.
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(row.sid))}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("hashes the sessions that existed before the upgrade in place (migration 0006)", async () => {
    const [admin] = await t.app.services.auth.listAdministrators();
    const sid = "s".repeat(40) + "old";
    const expire = new Date(Date.now() + 3 * 86_400_000);
    await t.db.insert(sessions).values({ sid, sess: { userId: admin.id }, expire });
    const migration = readFileSync(`${migrationsFolder()}/0006_session_id_hashes.sql`, "utf8");
    // Run it twice: a second run changes nothing.
    for (let run = 0; run < 2; run++) {
      for (const statement of migration.split("--> statement-breakpoint")) {
        await t.db.execute(sql.raw(statement));
      }
    }
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionKey(sid)));
    expect(row).toBeDefined();
    // Its creation time is taken as its last renewal: the expiry minus the 7 idle days.
    const createdAt = new Date((row.sess as { createdAt: string }).createdAt).getTime();
    expect(Math.abs(createdAt - (expire.getTime() - 7 * 86_400_000))).toBeLessThan(1000);
    // The browser's cookie, which carries the raw id, still signs in.
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(sid))}`;
    expect((await me(cookie)).statusCode).toBe(200);
    const [{ raw }] = await t.db
      .select({ raw: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.sid} !~ '^[0-9a-f]{64}$'`);
    expect(raw).toBe(0);
  });

  describe("Secure cookie in production", () => {
    /** Signs in on a production app over the same database; answers the Set-Cookie line. */
    const signIn = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: "production",
          DATA_DIR: "/nonexistent",
          LOG_LEVEL: "silent",
          ...env,
        }),
        database: t.database,
        sessionSecret: "p".repeat(48),
      });
      try {
        const res = await app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: ADMIN,
          headers,
        });
        expect(res.statusCode).toBe(200);
        return setCookieLine(res.headers, SESSION_COOKIE)!;
      } finally {
        await app.close();
      }
    };

    it("is Secure when a trusted proxy says the request came over HTTPS", async () => {
      // inject() comes from 127.0.0.1, a trusted proxy by default (TRUST_PROXY=loopback).
      expect(await signIn({}, { "x-forwarded-proto": "https" })).toMatch(/; Secure/);
    });

    it("is Secure when PUBLIC_URL is https, even on a plain-http hop", async () => {
      expect(await signIn({ PUBLIC_URL: "https://tiangue.sv" })).toMatch(/; Secure/);
    });

    it("is not Secure over plain http on localhost or a LAN, so signing in still works there", async () => {
      expect(await signIn({})).not.toMatch(/; Secure/);
      expect(await signIn({ PUBLIC_URL: "http://192.168.1.20:5000" })).not.toMatch(/; Secure/);
    });

    it("ignores X-Forwarded-Proto from an address that is not a trusted proxy", async () => {
      expect(
        await signIn({ TRUST_PROXY: "10.9.9.9" }, { "x-forwarded-proto": "https" }),
      ).not.toMatch(/; Secure/);
    });

    it("is never Secure outside production", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: ADMIN,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(setCookieLine(res.headers, SESSION_COOKIE)).not.toMatch(/; Secure/);
    });
  });

  it("answers the signed-in user and 401 without a cookie", async () => {
    const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: ADMIN.username, role: "admin" });
    const anonymous = await me();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "No has iniciado sesión", code: "unauthorized" });
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
      .where(eq(sessions.sid, keyOf(cookie)));
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
      .where(eq(sessions.sid, keyOf(cookie)));
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    const renewed = setCookieLine(res.headers, SESSION_COOKIE)!;
    expect(renewed).toMatch(/; Max-Age=604800/);
    expect(renewed.split(";")[0]).toBe(cookie);
    const moved = (await sessionRow(cookie)).expire.getTime();
    expect(moved - old.getTime()).toBeGreaterThan(3_600_000);
  });

  describe("total life of 30 days", () => {
    const DAY = 86_400_000;
    /** Backdates a session: opened `ageMs` ago, expiring `expiresInMs` from now. */
    const backdate = (cookie: string, ageMs: number, expiresInMs: number) =>
      t.db
        .update(sessions)
        .set({
          sess: sql`(${sessions.sess}::jsonb || jsonb_build_object('createdAt', ${new Date(Date.now() - ageMs).toISOString()}::text))::json`,
          expire: new Date(Date.now() + expiresInMs),
        })
        .where(eq(sessions.sid, keyOf(cookie)));

    it("records when each session was opened", async () => {
      const before = Date.now();
      const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
      const { sess } = await sessionRow(cookie);
      const createdAt = Date.parse((sess as { createdAt: string }).createdAt);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(createdAt).toBeLessThanOrEqual(Date.now());
    });

    it("never moves the expiry past 30 days after the sign-in, cookie included", async () => {
      const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
      // Used every day for 29 days and 21 hours: 3 hours of life are left, not 7 days.
      await backdate(cookie, 30 * DAY - 3 * 3_600_000, 30 * 60_000);
      const res = await me(cookie);
      expect(res.statusCode).toBe(200);
      const maxAge = Number(/Max-Age=(\d+)/.exec(setCookieLine(res.headers, SESSION_COOKIE)!)![1]);
      expect(maxAge).toBeGreaterThan(3 * 3600 - 60);
      expect(maxAge).toBeLessThanOrEqual(3 * 3600);
      const left = (await sessionRow(cookie)).expire.getTime() - Date.now();
      expect(left).toBeGreaterThan(3 * 3_600_000 - 60_000);
      expect(left).toBeLessThanOrEqual(3 * 3_600_000);
      // Once at its end, a read no longer writes nor renews the cookie.
      const quiet = await me(cookie);
      expect(quiet.statusCode).toBe(200);
      expect(setCookieLine(quiet.headers, SESSION_COOKIE)).toBeUndefined();
    });

    it("refuses and deletes a session opened over 30 days ago, even if used yesterday", async () => {
      const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
      await backdate(cookie, 30 * DAY + 60_000, 6 * DAY);
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    });

    it("refuses a session row without a creation time", async () => {
      const cookie = cookiePair((await login()).headers, SESSION_COOKIE);
      await t.db
        .update(sessions)
        .set({ sess: sql`(${sessions.sess}::jsonb - 'createdAt')::json` })
        .where(eq(sessions.sid, keyOf(cookie)));
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    });
  });

  it("refuses the session of a user who is no longer an administrator", async () => {
    await t.app.services.auth.ensureAdministrator({ username: "saliente", password: "clave-1234" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "saliente", password: "clave-1234" },
      headers: { "x-forwarded-for": "198.51.100.77" },
    });
    const cookie = cookiePair(res.headers, SESSION_COOKIE);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ role: "removed" }).where(eq(users.username, "saliente"));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
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
      .where(eq(sessions.sid, keyOf(cookie)));
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

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
// @ts-expect-error oidc-provider ships no type declarations (dev dependency, tests only)
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { SESSION_COOKIE } from "../../http/session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { decodePending, encodePending, isLocalHttpIssuer } from "./oidc";

const CLIENT = { id: "tiangue", secret: "secreto-de-prueba-oidc" };
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alicia: {
    email: "Alicia@Tiangue.sv",
    email_verified: true,
    given_name: "Alicia",
    family_name: "Rivas",
    picture: "https://fotos.ejemplo.sv/alicia.png",
  },
  bruno: { email: "bruno@otro.sv", email_verified: true, given_name: "Bruno" },
  carmen: { email: "carmen@tiangue.sv", email_verified: false },
  // Listed too, but the provider doesn't say the e-mail is verified …
  diego: { email: "diego@tiangue.sv" },
  // … or says it in a way that is not the boolean true.
  elena: { email: "elena@tiangue.sv", email_verified: "true" },
};

/** A port free right now (the app's PUBLIC_URL must be known before it is built). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A minimal browser: one cookie jar per host:port, manual redirects, HTML forms submitted as they are. */
class Browser {
  private jars = new Map<string, Map<string, string>>();

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.body) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(target, {
      method: init.method ?? "GET",
      headers,
      body: init.body,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * Follows redirects and submits the provider's forms (login as `account`, then consent)
   * until `stop(url)` says the next URL is one the test wants to look at itself.
   */
  async run(start: string, account: string, stop: (url: URL) => boolean): Promise<URL> {
    let url = start;
    let init: { method?: string; body?: URLSearchParams } = {};
    for (let step = 0; step < 25; step++) {
      const res = await this.request(url, init);
      init = {};
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (stop(next)) return next;
        url = next.href;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200)
        throw new Error(`unexpected ${res.status} at ${url}: ${html.slice(0, 300)}`);
      const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(
        html,
      );
      if (!form) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
      const body = new URLSearchParams();
      for (const input of form[2].matchAll(/<input[^>]*>/gi)) {
        const name = /name="([^"]+)"/.exec(input[0])?.[1];
        if (!name) continue;
        const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
        body.set(name, name === "login" ? account : name === "password" ? "cualquiera" : value);
      }
      url = new URL(form[1].replace(/&amp;/g, "&"), url).href;
      init = { method: "POST", body };
    }
    throw new Error("too many steps");
  }
}

describe("external-account sign-in (OpenID Connect)", () => {
  let t: TestApp;
  let appUrl: string;
  let issuer: string;
  let providerServer: ReturnType<typeof createServer>;

  beforeAll(async () => {
    // The provider listens first; its handler is attached once the issuer URL is known.
    const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
    providerServer = createServer((req, res) => route.handler?.(req, res));
    await new Promise<void>((resolve) => providerServer.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const appPort = await freePort();
    appUrl = `http://127.0.0.1:${appPort}`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [`${appUrl}/api/callback`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["given_name", "family_name", "picture"],
      },
      async findAccount(_ctx: unknown, id: string) {
        if (!ACCOUNTS[id]) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...ACCOUNTS[id] }) };
      },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ["clave-de-cookies-del-proveedor"] },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    });
    route.handler = provider.callback();

    t = await createTestApp({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      ADMIN_EMAILS: "alicia@tiangue.sv, carmen@tiangue.sv, diego@tiangue.sv, elena@tiangue.sv",
      PUBLIC_URL: appUrl,
    });
    await t.app.listen({ port: appPort, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await t?.close();
    providerServer?.closeAllConnections();
    await new Promise((resolve) => providerServer?.close(resolve));
  });

  const isAppPage = (url: URL) => url.origin === appUrl && url.pathname.startsWith("/admin");
  const atCallback = (url: URL) => url.origin === appUrl && url.pathname === "/api/callback";

  it("redirects to the provider with PKCE S256, state and nonce, keeping them in a signed cookie", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("client_id")).toBe(CLIENT.id);
    expect(location.searchParams.get("redirect_uri")).toBe(`${appUrl}/api/callback`);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const state = location.searchParams.get("state");
    const nonce = location.searchParams.get("nonce");
    expect(state).toBeTruthy();
    expect(nonce).toBeTruthy();

    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] as string[])
      .find((c) => c.startsWith("tiangue_oidc="))!;
    expect(cookie).toMatch(/Path=\/api\/callback/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier never appears in the URL; the cookie value is signed.
    const value = decodeURIComponent(cookie.split(";")[0].split("=")[1]);
    const pending = decodePending(value.slice(0, value.lastIndexOf(".")));
    expect(pending).toMatchObject({ state, nonce });
    expect(location.href).not.toContain(pending!.verifier);
  });

  it("signs in an account whose e-mail is in ADMIN_EMAILS and opens a new session", async () => {
    const browser = new Browser();
    const end = await browser.run(`${appUrl}/api/login`, "alicia", isAppPage);
    expect(end.href).toBe(`${appUrl}/admin`);
    const sid = browser.cookie(appUrl, SESSION_COOKIE);
    expect(sid).toBeTruthy();
    expect(browser.cookie(appUrl, "tiangue_oidc")).toBeUndefined();

    const me = await browser.request(`${appUrl}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: "alicia@tiangue.sv",
      username: null,
      firstName: "Alicia",
      lastName: "Rivas",
      profileImageUrl: "https://fotos.ejemplo.sv/alicia.png",
      role: "admin",
    });
    const [row] = await t.db.select().from(users).where(eq(users.oidcSubject, "alicia"));
    expect(row.email).toBe("alicia@tiangue.sv");

    // Signing in again keeps the same user and gives a new session id.
    const again = await browser.run(`${appUrl}/api/login`, "alicia", isAppPage);
    expect(again.pathname).toBe("/admin");
    expect(browser.cookie(appUrl, SESSION_COOKIE)).not.toBe(sid);
    const rows = await t.db.select().from(users).where(eq(users.oidcSubject, "alicia"));
    expect(rows).toHaveLength(1);
  });

  it("sends an account outside ADMIN_EMAILS to the login page without a session", async () => {
    const browser = new Browser();
    const end = await browser.run(`${appUrl}/api/login`, "bruno", isAppPage);
    expect(end.href).toBe(`${appUrl}/admin/login?error=sin_acceso`);
    expect(browser.cookie(appUrl, SESSION_COOKIE)).toBeUndefined();
    expect((await browser.request(`${appUrl}/api/auth/user`)).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.oidcSubject, "bruno"))).toHaveLength(0);
  });

  it("refuses an allowed e-mail the provider says is not verified", async () => {
    const browser = new Browser();
    const end = await browser.run(`${appUrl}/api/login`, "carmen", isAppPage);
    expect(end.href).toBe(`${appUrl}/admin/login?error=sin_acceso`);
    expect(browser.cookie(appUrl, SESSION_COOKIE)).toBeUndefined();
  });

  it("requires email_verified === true: a missing or non-boolean claim is refused", async () => {
    for (const account of ["diego", "elena"]) {
      const browser = new Browser();
      const end = await browser.run(`${appUrl}/api/login`, account, isAppPage);
      expect(end.href).toBe(`${appUrl}/admin/login?error=sin_acceso`);
      expect(browser.cookie(appUrl, SESSION_COOKIE)).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.oidcSubject, account))).toHaveLength(0);
    }
  });

  it("ends an administrator's sessions once the e-mail leaves ADMIN_EMAILS (next start)", async () => {
    const browser = new Browser();
    await browser.run(`${appUrl}/api/login`, "alicia", isAppPage);
    const cookie = `${SESSION_COOKIE}=${browser.cookie(appUrl, SESSION_COOKIE)}`;
    expect((await browser.request(`${appUrl}/api/auth/user`)).status).toBe(200);

    // Another process (or this one restarted) without Alicia on the list.
    const restarted = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        DATA_DIR: "/nonexistent",
        ADMIN_EMAILS: "carmen@tiangue.sv",
      }),
      database: t.database,
      sessionSecret: "s".repeat(48),
    });
    try {
      await restarted.ready();
      const me = await restarted.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie },
      });
      expect(me.statusCode).toBe(401);
      const [row] = await t.db.select().from(users).where(eq(users.oidcSubject, "alicia"));
      expect(row.role).toBe("removed");
      // The running app, whose list still has her, finds no session either.
      expect((await browser.request(`${appUrl}/api/auth/user`)).status).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it("refuses a tampered state, a replayed callback and a callback from another browser", async () => {
    const browser = new Browser();
    const callback = await browser.run(`${appUrl}/api/login`, "alicia", atCallback);
    expect(callback.searchParams.get("code")).toBeTruthy();

    const tampered = new URL(callback);
    tampered.searchParams.set("state", "estado-cambiado-por-un-atacante");
    // Another browser (no pending cookie) can't use the real callback either.
    const stranger = new Browser();
    const foreign = await stranger.request(callback.href);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("location")).toBe("/admin/login?error=oidc_fallo");

    const res = await browser.request(tampered.href);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login?error=oidc_fallo");
    expect(browser.cookie(appUrl, SESSION_COOKIE)).toBeUndefined();
    // The pending values were single-use: the genuine callback now fails too.
    const replay = await browser.request(callback.href);
    expect(replay.headers.get("location")).toBe("/admin/login?error=oidc_fallo");
    expect(browser.cookie(appUrl, SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a forged pending cookie and a provider error", async () => {
    const browser = new Browser();
    const callback = await browser.run(`${appUrl}/api/login`, "alicia", atCallback);
    // A cookie made up by the client is not signed by the app.
    const forged = encodePending({
      state: callback.searchParams.get("state")!,
      nonce: "n".repeat(43),
      verifier: "v".repeat(43),
    });
    const res = await fetch(callback, {
      redirect: "manual",
      headers: { cookie: `tiangue_oidc=${forged}` },
    });
    expect(res.headers.get("location")).toBe("/admin/login?error=oidc_fallo");

    const denied = new Browser();
    const start = await denied.request(`${appUrl}/api/login`);
    const state = new URL(start.headers.get("location")!).searchParams.get("state");
    const error = await denied.request(`${appUrl}/api/callback?error=access_denied&state=${state}`);
    expect(error.headers.get("location")).toBe("/admin/login?error=oidc_fallo");
  });

  it("sends the browser to oidc_fallo when the provider can't be reached", async () => {
    const broken = await createTestApp({
      OIDC_ISSUER_URL: "http://127.0.0.1:1",
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      ADMIN_EMAILS: "alicia@tiangue.sv",
    });
    try {
      const res = await broken.app.inject({ method: "GET", url: "/api/login" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/admin/login?error=oidc_fallo");
    } finally {
      await broken.close();
    }
  });

  it("allows plain-HTTP issuers only on this machine", () => {
    expect(isLocalHttpIssuer("http://127.0.0.1:4000")).toBe(true);
    expect(isLocalHttpIssuer("http://localhost:4000/realms/x")).toBe(true);
    expect(isLocalHttpIssuer("http://idp.ejemplo.sv")).toBe(false);
    expect(isLocalHttpIssuer("https://accounts.google.com")).toBe(false);
  });
});
